import { CircleCheckBig, DollarSign, Wrench } from 'lucide-react';
import { useAdminEntitlements, useServiceEngagements } from '../../api/admin-commerce/admin-commerce';
import { SummaryCard, type SummaryFigure } from '../../components/summary-card';
import { activeEngagementCount, completionRatePercent, formatDollars, revenueUsd } from './commerce-figures';

/** The admin page's commerce figures, from the same lists the Entitlements and Service Engagements sections read. */
export function CommerceSummaryCards() {
  const entitlements = useAdminEntitlements().data;
  const engagements = useServiceEngagements().data;
  const completionRate = engagements === undefined ? null : completionRatePercent(engagements);
  const figures: SummaryFigure[] = [
    {
      label: 'Revenue',
      value: entitlements === undefined ? null : formatDollars(revenueUsd(entitlements)),
      icon: DollarSign,
    },
    {
      label: 'Active Engagements',
      value: engagements === undefined ? null : String(activeEngagementCount(engagements)),
      icon: Wrench,
    },
    // No engagements: the rate is shown as a dash, not as 0%.
    { label: 'Completion Rate', value: completionRate === null ? null : `${completionRate}%`, icon: CircleCheckBig },
  ];
  return (
    <>
      {figures.map((figure) => (
        <SummaryCard key={figure.label} {...figure} />
      ))}
    </>
  );
}
