import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useReplyToThread } from '../../api/evidence/review-mutations';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { failureDescription } from './evidence-errors';

interface ReplyBoxProps {
  threadId: string;
  placeholder?: string;
  sendLabel?: string;
}

/** A reply in a thread, from either side; the text stays in the box when sending fails. */
export function ReplyBox({ threadId, placeholder = 'Write a message...', sendLabel = 'Send' }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const post = useReplyToThread(threadId, {
    onSuccess: () => {
      setText('');
      toast({ title: 'Message Sent' });
    },
    onError: (error) =>
      toast({
        title: 'Message Failed',
        description: failureDescription(error, 'Failed to send message'),
        variant: 'destructive',
      }),
  });
  const inputId = useId();
  const empty = text.trim() === '';

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (empty || post.isPending) return;
    post.mutate(text.trim());
  };

  return (
    <form onSubmit={send} className="grid gap-2">
      <Label htmlFor={inputId}>Reply</Label>
      <Textarea
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        placeholder={placeholder}
        disabled={post.isPending}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={empty || post.isPending}>
          {post.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
