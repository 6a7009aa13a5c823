import {
  BadgeCheck,
  ClipboardCheck,
  FileCheckCorner,
  FileUp,
  FingerprintPattern,
  Megaphone,
  MessageSquareReply,
  CirclePlay,
  ShieldCheck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationType } from '../../../shared/evidence-rules';

export interface NotificationTypeStyle {
  label: string;
  icon: LucideIcon;
  /** The icon's colour and its tinted tile; icons are decorative, the label carries the meaning. */
  tone: string;
}

export const NOTIFICATION_TYPE_STYLES: Record<NotificationType, NotificationTypeStyle> = {
  AUDIT_RUN: { label: 'Audit Run', icon: CirclePlay, tone: 'text-sky-500 bg-sky-500/15' },
  EVIDENCE_SUBMITTED: { label: 'Evidence Submitted', icon: FileUp, tone: 'text-violet-500 bg-violet-500/15' },
  ADMIN_FEEDBACK: { label: 'Admin Feedback', icon: MessageSquareReply, tone: 'text-amber-500 bg-amber-500/15' },
  OVERRIDE_GRANTED: { label: 'Override Granted', icon: BadgeCheck, tone: 'text-emerald-500 bg-emerald-500/15' },
  SYSTEM_UPDATE: { label: 'System Update', icon: Megaphone, tone: 'text-slate-500 bg-slate-500/15' },
  CERTIFICATE_REVIEW: { label: 'Certificate Review', icon: ShieldCheck, tone: 'text-teal-500 bg-teal-500/15' },
  AUDIT_COMPLETE: { label: 'Audit Complete', icon: ClipboardCheck, tone: 'text-green-500 bg-green-500/15' },
  CSU_VERIFICATION: { label: 'CSU Verification', icon: FingerprintPattern, tone: 'text-indigo-500 bg-indigo-500/15' },
  MANUAL_OVERRIDE: { label: 'Manual Override', icon: Wrench, tone: 'text-orange-500 bg-orange-500/15' },
  EVIDENCE_REVIEWED: { label: 'Evidence Reviewed', icon: FileCheckCorner, tone: 'text-pink-500 bg-pink-500/15' },
};
