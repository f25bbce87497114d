import { message as staticMessage } from 'antd';

/**
 * The message functions code outside React (the API client) uses. The app installs
 * antd's context-aware instance from <App> (see app/feedback-bridge.tsx) so notices
 * follow the ConfigProvider theme and locale; until then antd's static API is used.
 */
export interface Feedback {
  success(content: string): void;
  error(content: string): void;
  warning(content: string): void;
  info(content: string): void;
}

const staticFeedback: Feedback = {
  success: (content) => void staticMessage.success(content),
  error: (content) => void staticMessage.error(content),
  warning: (content) => void staticMessage.warning(content),
  info: (content) => void staticMessage.info(content),
};

let current: Feedback = staticFeedback;

export function setFeedback(next: Feedback | null): void {
  current = next ?? staticFeedback;
}

export function feedback(): Feedback {
  return current;
}
