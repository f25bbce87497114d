import { RECORD_MSG } from '@factory/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { App, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { TRACE_MENU, TRACE_PATH, traceUrl } from '../trace-view';
import './trace-search.css';

const SEARCH_MAX = 64;

/**
 * The header's device search (beyond the specification): a production code, SN, MAC
 * or IMEI and Enter open the device's whole history. Shown only to users holding
 * 产线检测, whose calls the trace answers.
 */
export function TraceSearch() {
  const allowed = useSession((state) => state.platformAdmin || state.funCodes[TRACE_MENU] !== undefined);
  if (!allowed) return null;
  return <TraceSearchBox />;
}

function TraceSearchBox() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const searched = pathname === TRACE_PATH ? (searchParams.get('text') ?? '') : null;
  const [text, setText] = useState('');

  // On the trace page the box shows what is being traced (also after Back or a pasted link).
  useEffect(() => {
    if (searched !== null) setText(searched);
  }, [searched]);

  const search = () => {
    const wanted = text.trim();
    if (!wanted) {
      void message.warning(RECORD_MSG.traceTextRequired);
      return;
    }
    void navigate(traceUrl(wanted));
  };

  return (
    <Input
      className="trace-search"
      aria-label="设备追溯"
      placeholder="生产码 / SN / MAC / IMEI"
      prefix={<SearchOutlined aria-hidden />}
      maxLength={SEARCH_MAX}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={search}
    />
  );
}
