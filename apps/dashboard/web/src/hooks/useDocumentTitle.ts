import { useEffect } from 'react';

/** The tab's title names the page, which is also what screen readers announce on load. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Mia` : 'Mia';
  }, [title]);
}
