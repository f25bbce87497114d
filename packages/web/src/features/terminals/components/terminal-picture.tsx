import type { TerminalPad } from '@factory/contracts';
import { screenSizeOf } from '../terminal-view';
import { HandheldPicture } from './handheld-picture';
import { TabletLargePicture } from './tablet-large-picture';
import { TabletMediumPicture } from './tablet-medium-picture';
import { TabletSmallPicture } from './tablet-small-picture';
import './terminal-picture.css';

/** The model picture of a terminal card: one of the three PAD sizes (seed 000 §9), or the handheld. */
export function TerminalPicture({ terminal }: { terminal: Pick<TerminalPad, 'terminalType' | 'category'> }) {
  if (terminal.terminalType === 'PDA') return <HandheldPicture />;
  const title = terminal.category ?? undefined;
  switch (screenSizeOf(terminal.category)) {
    case 'large':
      return <TabletLargePicture title={title} />;
    case 'small':
      return <TabletSmallPicture title={title} />;
    default:
      return <TabletMediumPicture title={title} />;
  }
}
