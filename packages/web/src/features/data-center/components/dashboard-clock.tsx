import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** The wall clock of the dashboard's title, ticking every second on its own. */
export function DashboardClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = dayjs(now);
  return (
    <time className="dc-clock" dateTime={time.format('YYYY-MM-DDTHH:mm:ss')} aria-label="当前时间">
      <span className="dc-clock__date">{time.format('YYYY-MM-DD dddd')}</span>
      <span className="dc-clock__time">{time.format('HH:mm:ss')}</span>
    </time>
  );
}
