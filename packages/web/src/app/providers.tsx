import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState, type ReactNode } from 'react';
import { setFeedback } from '../lib/feedback';

dayjs.locale('zh-cn');

const theme: ThemeConfig = {
  // Under Vitest, antd's open/close animations only add timers for each test to wait out.
  token: { colorPrimary: '#1d5fbf', borderRadius: 6, ...(import.meta.env.MODE === 'test' ? { motion: false } : {}) },
};

// Under Vitest, antd's generated styles (about 230 KB of rules on a page) go to a detached element, not the
// document: happy-dom matches every rule of the document on each getComputedStyle, which Testing Library calls
// for each element a role query looks at, and that was over half of the console suite's time. No test reads
// antd's styles; happy-dom lays nothing out.
const detachedStyles = import.meta.env.MODE === 'test' ? document.createElement('div') : null;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already tells the user about a failure; a silent retry would
      // show the same notice twice, and a console screen left open should not refetch
      // every time the operator switches windows.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message API to code outside React (the API client). */
function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setFeedback({
      success: (content) => void message.success(content),
      error: (content) => void message.error(content),
      warning: (content) => void message.warning(content),
      info: (content) => void message.info(content),
    });
    return () => setFeedback(null);
  }, [message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const tree = (
    // autoInsertSpace off: two-character buttons read 保存 / 返回, not 保 存, so they are findable by name.
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App className="app-root">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
  return detachedStyles ? <StyleProvider container={detachedStyles}>{tree}</StyleProvider> : tree;
}
