import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

// The toast viewport (Radix Toast and its layers) is not part of any page's first load: it loads
// when the first toast is raised, or once the page has loaded and the browser is idle, so that F8
// finds it. Toasts raised before it arrives wait in the store and show when it mounts.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle = 0;
    const whenIdle = () => {
      handle = window.requestIdleCallback ? window.requestIdleCallback(() => setIdle(true), { timeout: 2000 }) : window.setTimeout(() => setIdle(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
