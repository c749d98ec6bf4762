import { TIMINGS } from '@members-only/shared/constants';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/** Mount once at the root. Spec §9: 5000 ms default, swipe right past 50 px, F8 focuses the viewport. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TIMINGS.toastDurationMs} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          duration={t.duration}
          variant={t.variant}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="grid gap-1">
            <ToastTitle>{t.title}</ToastTitle>
            {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
