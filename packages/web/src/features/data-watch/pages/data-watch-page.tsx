import { PlaceholderPage } from '../../shell/pages/placeholder-page';

/** Being built for issue 7. */
export function DataWatchPage() {
  return <PlaceholderPage />;
}
