import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { TOAST_DURATION_MS } from './toast-store';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

const icons = { default: Info, destructive: CircleAlert, success: CircleCheck } as const;

/** Mount once. Radix handles swipe-right (50 px) and Escape to dismiss, and F8 to focus the region. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map(({ id, title, description, variant = 'default', open }) => {
        const Icon = icons[variant];
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
          >
            <Icon
              className={variant === 'success' ? 'mt-0.5 size-5 shrink-0 text-success' : 'mt-0.5 size-5 shrink-0'}
              aria-hidden="true"
            />
            <div className="grid gap-1">
              {title !== undefined && <ToastTitle>{title}</ToastTitle>}
              {description !== undefined && <ToastDescription>{description}</ToastDescription>}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport label="Status messages ({hotkey})" />
    </ToastProvider>
  );
}
