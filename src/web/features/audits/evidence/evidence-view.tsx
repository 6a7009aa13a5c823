import { CircleHelp, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { evidenceSections, type EvidenceSection } from './evidence-sections';
import { Alert, AlertTitle } from '../../../components/ui/alert';
import {
  BotsSection,
  ChannelsSection,
  EvidenceBlock,
  IntegrationsSection,
  MembersSection,
  RolesSection,
} from './evidence-findings';

type SectionOf<K extends EvidenceSection['kind']> = Extract<EvidenceSection, { kind: K }>;

function yesNo(value: boolean | null): string {
  if (value === null) return 'Unknown';
  return value ? 'Yes' : 'No';
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Overview({ section, omitSummary }: { section: SectionOf<'overview'>; omitSummary: boolean }) {
  // A single finding is often the summary itself; it is not worth reading twice.
  const details = section.details.filter((detail) => detail !== section.summary);
  return (
    <div className="grid gap-2 text-sm">
      {section.summary !== null && !omitSummary && <p className="font-medium">{section.summary}</p>}
      {details.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          {details.map((detail, index) => (
            <li key={`${index}-${detail}`}>{detail}</li>
          ))}
        </ul>
      )}
      {section.warnings.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-warning" aria-label="Warnings">
          {section.warnings.map((warning, index) => (
            <li key={`${index}-${warning}`}>{warning}</li>
          ))}
        </ul>
      )}
      {section.recommendation !== null && (
        <p>
          <span className="font-medium">Recommendation: </span>
          {section.recommendation}
        </p>
      )}
    </div>
  );
}

function MissingData({ section }: { section: SectionOf<'missing-data'> }) {
  return (
    <Alert>
      <CircleHelp aria-hidden="true" />
      <AlertTitle>Some data could not be read</AlertTitle>
      <div className="col-start-2 text-sm text-muted-foreground">
        <ul className="list-disc pl-5">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}

function Section({ section, omitSummary }: { section: EvidenceSection; omitSummary: boolean }) {
  switch (section.kind) {
    case 'overview':
      return <Overview section={section} omitSummary={omitSummary} />;
    case 'missing-data':
      return <MissingData section={section} />;
    case 'roles':
      return <RolesSection section={section} />;
    case 'bots':
      return <BotsSection section={section} />;
    case 'channels':
      return <ChannelsSection section={section} />;
    case 'members':
      return <MembersSection section={section} />;
    case 'integrations':
      return <IntegrationsSection section={section} />;
    case 'owner':
      return (
        <EvidenceBlock title="Server owner">
          <Facts
            rows={[
              ['Owner id', <span className="font-mono">{section.ownerId}</span>],
              ['Verified', yesNo(section.verified)],
            ]}
          />
        </EvidenceBlock>
      );
    case 'verification':
      return (
        <EvidenceBlock title="Verification">
          <Facts
            rows={[
              [
                'Level',
                <span
                  className={section.meetsCheck ? 'text-success' : 'text-warning'}
                >{`${section.label} (${section.level})${section.note === null ? '' : ` — ${section.note}`}`}</span>,
              ],
              ['Welcome screen', yesNo(section.hasWelcomeScreen)],
              ['Rules channel', yesNo(section.hasRulesChannel)],
              ...(section.passedFeatures !== null && section.totalFeatures !== null
                ? ([['Safety features', `${section.passedFeatures} of ${section.totalFeatures}`]] as [
                    string,
                    ReactNode,
                  ][])
                : []),
            ]}
          />
        </EvidenceBlock>
      );
    case 'mfa':
      return (
        <EvidenceBlock title="Two-factor authentication">
          <Facts
            rows={[
              ['Required for moderation', yesNo(section.mfaRequired)],
              ['MFA level', section.mfaLevel ?? 'Unknown'],
            ]}
          />
        </EvidenceBlock>
      );
    case 'automod':
      return (
        <EvidenceBlock title="AutoMod">
          <Facts
            rows={[
              ['Enabled', yesNo(section.automodEnabled)],
              [
                'Active rules',
                section.activeRules === null
                  ? 'Unknown'
                  : `${section.activeRules}${section.totalRules === null ? '' : ` of ${section.totalRules}`}`,
              ],
            ]}
          />
        </EvidenceBlock>
      );
    case 'audit-bot':
      return (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Info className="size-3.5 shrink-0" aria-hidden="true" />
          {`${section.name}, the audit bot, was left out of this check on purpose.`}
        </p>
      );
    case 'other':
      return (
        <EvidenceBlock title="Other details">
          <Facts rows={section.entries.map(({ label, value }) => [label, value])} />
        </EvidenceBlock>
      );
  }
}

interface EvidenceViewProps {
  evidence: Record<string, unknown> | null | undefined;
  /** Set where the summary is already shown next to the check's name. */
  omitSummary?: boolean;
}

/** A check's evidence, shape by shape; 'No evidence provided' when there is none. */
export function EvidenceView({ evidence, omitSummary = false }: EvidenceViewProps) {
  const sections = evidenceSections(evidence);
  if (sections.length === 0) return <p className="text-sm text-muted-foreground">No evidence provided</p>;
  return (
    <div className="grid gap-4">
      {sections.map((section, index) => (
        <Section key={`${section.kind}-${index}`} section={section} omitSummary={omitSummary} />
      ))}
    </div>
  );
}
