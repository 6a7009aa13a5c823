import { FlaskConical } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminServer } from '../../../../shared/contracts/servers';
import { getAuditOptions, listServerAuditsOptions } from '../../../api/audits/audit-queries';
import { useSubmitEvidence } from '../../../api/evidence/review-mutations';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { formatDateTime } from '../../../lib/format-date';
import { failureDescription } from '../evidence-errors';
import { checkChoices } from './test-evidence';

interface Choice {
  value: string;
  label: string;
}

function ChoiceSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[] | undefined;
  placeholder: string;
}) {
  const empty = props.choices === undefined || props.choices.length === 0;
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value} onValueChange={props.onChange} disabled={empty}>
        <SelectTrigger id={props.id}>
          <SelectValue placeholder={props.placeholder} />
        </SelectTrigger>
        <SelectContent>
          {props.choices?.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Staff submit evidence on a check of a completed audit, as an owner would, to try the review flow. */
export function TestEvidenceForm({ servers }: { servers: AdminServer[] | undefined }) {
  const id = useId();
  const [serverId, setServerId] = useState('');
  const [auditId, setAuditId] = useState('');
  const [checkId, setCheckId] = useState('');
  const [content, setContent] = useState('');
  const [contentMissing, setContentMissing] = useState(false);
  const audits = useQuery({ ...listServerAuditsOptions(serverId), enabled: serverId !== '' });
  const audit = useQuery({ ...getAuditOptions(auditId), enabled: auditId !== '' });
  const submit = useSubmitEvidence({
    onSuccess: () => {
      setContent('');
      toast({ title: 'Evidence Submitted', description: 'Your evidence has been submitted for admin review.' });
    },
    onError: (error) =>
      toast({
        title: 'Submission Failed',
        description: failureDescription(error, 'Failed to submit evidence'),
        variant: 'destructive',
      }),
  });

  const completed = audits.data?.filter((item) => item.status === 'completed');
  const auditChoices = completed?.map((item) => ({
    value: item.id,
    label: `${formatDateTime(item.createdAt)} (score ${item.riskScore ?? '–'})`,
  }));
  const checks = audit.data === undefined ? undefined : checkChoices(audit.data.checkResults);
  const chosenCheck = audit.data?.checkResults.find((item) => item.checkId === checkId);
  const serverChoices = servers?.map((server) => ({ value: server.id, label: server.name }));

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (chosenCheck === undefined || submit.isPending) return;
    if (content.trim() === '') {
      setContentMissing(true);
      toast({
        title: 'Missing Information',
        description: 'Please enter test evidence content.',
        variant: 'destructive',
      });
      return;
    }
    submit.mutate({ auditId, checkId: chosenCheck.checkId, content: content.trim() });
  };

  return (
    <form onSubmit={send} className="grid gap-3" noValidate>
      <div className="grid gap-3 md:grid-cols-3">
        <ChoiceSelect
          id={`${id}-server`}
          label="Server"
          value={serverId}
          onChange={(value) => {
            setServerId(value);
            setAuditId('');
            setCheckId('');
          }}
          choices={serverChoices}
          placeholder="Select a server"
        />
        <ChoiceSelect
          id={`${id}-audit`}
          label="Completed audit"
          value={auditId}
          onChange={(value) => {
            setAuditId(value);
            setCheckId('');
          }}
          choices={auditChoices}
          placeholder={serverId !== '' && completed?.length === 0 ? 'No completed audits' : 'Select an audit'}
        />
        <ChoiceSelect
          id={`${id}-check`}
          label="Check"
          value={checkId}
          onChange={setCheckId}
          choices={checks}
          placeholder="Select a check"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`}>Test evidence content</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          aria-invalid={contentMissing || undefined}
          onChange={(event) => {
            setContent(event.target.value);
            setContentMissing(false);
          }}
          rows={3}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={chosenCheck === undefined || submit.isPending}>
          <FlaskConical aria-hidden="true" />
          {submit.isPending ? 'Submitting...' : 'Submit Test Evidence'}
        </Button>
      </div>
    </form>
  );
}
