import type { CheckStatus, Severity, riskLabel } from '../../../shared/audit-contract.js';
import type { Swatch } from '../../pdf/theme.js';

/** The audit report's own colours: statuses, severities and risk bands (the rest is in src/server/pdf). */

export type RiskLabel = ReturnType<typeof riskLabel>;

export const STATUS_SWATCH: Readonly<Record<CheckStatus, Swatch>> = {
  FAIL: { fg: '#b91c1c', bg: '#fee2e2' },
  UNKNOWN: { fg: '#6d28d9', bg: '#ede9fe' },
  PASS: { fg: '#15803d', bg: '#dcfce7' },
  WAIVED: { fg: '#1d4ed8', bg: '#dbeafe' },
};

export const SEVERITY_SWATCH: Readonly<Record<Severity, Swatch>> = {
  CRITICAL: { fg: '#991b1b', bg: '#fecaca' },
  HIGH: { fg: '#c2410c', bg: '#ffedd5' },
  MEDIUM: { fg: '#a16207', bg: '#fef9c3' },
  LOW: { fg: '#475569', bg: '#f1f5f9' },
};

export const RISK_COLOR: Readonly<Record<RiskLabel, string>> = {
  'Low Risk': '#15803d',
  'Medium Risk': '#ca8a04',
  'High Risk': '#ea580c',
  'Critical Risk': '#b91c1c',
};
