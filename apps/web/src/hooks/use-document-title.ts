import { useEffect } from 'react';

/** Sets the tab title to "<page> · StudyBuddy" so each screen is announced by name. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · StudyBuddy` : 'StudyBuddy';
  }, [title]);
}
