import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

interface WallClockProps {
  /** the page's block class: the parts are `${className}__date` and `${className}__time` */
  className: string;
  /** which line comes first */
  order: 'date-time' | 'time-date';
}

/** A big screen's wall clock, ticking every second on its own so the screen does not re-render with it. */
export function WallClock({ className, order }: WallClockProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = dayjs(now);
  const date = <span className={`${className}__date`}>{time.format('YYYY-MM-DD dddd')}</span>;
  const clock = <span className={`${className}__time`}>{time.format('HH:mm:ss')}</span>;
  return (
    <time className={className} dateTime={time.format('YYYY-MM-DDTHH:mm:ss')} aria-label="当前时间">
      {order === 'date-time' ? (
        <>
          {date}
          {clock}
        </>
      ) : (
        <>
          {clock}
          {date}
        </>
      )}
    </time>
  );
}
