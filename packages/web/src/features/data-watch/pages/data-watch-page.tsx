import { BOARD_LIMITS, LIVE_STREAMS, MENUS } from '@factory/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Carousel, ConfigProvider, Result, theme, type CarouselRef, type ThemeConfig } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLiveRefresh } from '../../../lib/use-live-refresh';
import { boardKeys } from '../api/board-keys';
import { useOnePassDetail } from '../api/get-one-pass-detail';
import { useOnePassTotal } from '../api/get-one-pass-total';
import { useProblemChart } from '../api/get-problem-chart';
import { useProblemTop } from '../api/get-problem-top';
import { useProblemTotal } from '../api/get-problem-total';
import { useSchedule } from '../api/get-schedule';
import { decodedTwice, taskIdOf } from '../board-view';
import { BoardTopBar } from '../components/board-top-bar';
import { OnePassCurveSlide } from '../components/one-pass-curve-slide';
import { OnePassOverviewSlide } from '../components/one-pass-overview-slide';
import { ProblemSlide } from '../components/problem-slide';
import { ScheduleSlide } from '../components/schedule-slide';
import './data-watch-page.css';

const LIST_URL = MENUS.productionCenter;

export const SLIDE_TITLES = ['生产进度', '问题分布', '一次通过率曲线', '一次通过率总览'] as const;

/**
 * seed 000 §2 and §9: the slides advance every 10 s with the indicator hidden.
 * They fade rather than slide, so no slide is drawn twice (a sliding carousel
 * clones its ends), and a mouse left over the screen does not stop them.
 */
export const CAROUSEL_SETTINGS = {
  autoplay: true,
  autoplaySpeed: BOARD_LIMITS.slideSeconds * 1000,
  dots: false,
  effect: 'fade',
  pauseOnHover: false,
  pauseOnFocus: false,
} as const;

const darkTheme: ThemeConfig = { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#3fd0ff' } };

/**
 * 数据看板 (/dataWatch?id&productNumber&productionLineName, seed 000 §2): the task's
 * board in full screen, for a screen at the line. The model and line names come
 * encoded twice.
 */
export function DataWatchPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = taskIdOf(params);
  const productNumber = decodedTwice(params, 'productNumber');
  const lineName = decodedTwice(params, 'productionLineName');

  // The logo leaves the board and the browser's full screen with it (seed 000 §2).
  const leave = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    void navigate(LIST_URL);
  };

  return (
    <ConfigProvider theme={darkTheme}>
      <div className="data-watch">
        {taskId === null ? (
          <>
            <BoardTopBar
              taskId={null}
              productNumber={productNumber}
              lineName={lineName}
              slideCaption=""
              updatedAt={null}
              failing={false}
              onLogo={leave}
            />
            <Result
              className="data-watch__missing"
              status="warning"
              title="未指定任务"
              subTitle="请从产线检测的任务列表点击“数据看板”打开"
              extra={
                <Button type="primary" onClick={leave}>
                  返回任务列表
                </Button>
              }
            />
          </>
        ) : (
          <TaskBoard taskId={taskId} productNumber={productNumber} lineName={lineName} onLogo={leave} />
        )}
      </div>
    </ConfigProvider>
  );
}

/** What a slide shows of a call: its answer, or nothing when the last try failed (seed 000 §8: zeros, 暂无数据). */
const shown = <T,>(query: UseQueryResult<T>): T | null => (query.isError ? null : (query.data ?? null));

interface TaskBoardProps {
  taskId: number;
  productNumber: string;
  lineName: string;
  onLogo: () => void;
}

function TaskBoard({ taskId, productNumber, lineName, onLogo }: TaskBoardProps) {
  const schedule = useSchedule(taskId);
  const problemTotal = useProblemTotal(taskId);
  const problemChart = useProblemChart(taskId);
  const problemTop = useProblemTop(taskId);
  const onePassTotal = useOnePassTotal(taskId);
  const onePassDetail = useOnePassDetail(taskId);
  const queries = [schedule, problemTotal, problemChart, problemTop, onePassTotal, onePassDetail];

  useLiveRefresh(LIVE_STREAMS.board, { taskId }, boardKeys.task(taskId));

  const [slide, setSlide] = useState(0);
  const carousel = useRef<CarouselRef>(null);
  // Someone at the screen with a keyboard can look at a slide without waiting for it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'PageDown') carousel.current?.next();
      if (event.key === 'ArrowLeft' || event.key === 'PageUp') carousel.current?.prev();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const updatedAt = Math.max(...queries.map((query) => query.dataUpdatedAt));
  return (
    <>
      <BoardTopBar
        taskId={taskId}
        productNumber={productNumber}
        lineName={lineName}
        slideCaption={`${SLIDE_TITLES[slide]} ${slide + 1}/${SLIDE_TITLES.length}`}
        updatedAt={updatedAt > 0 ? updatedAt : null}
        failing={queries.some((query) => query.isError)}
        onLogo={onLogo}
      />
      <main className="data-watch__stage">
        <Carousel ref={carousel} {...CAROUSEL_SETTINGS} beforeChange={(_from, to) => setSlide(to)}>
          <ScheduleSlide schedule={shown(schedule)} answeredAt={schedule.dataUpdatedAt} />
          <ProblemSlide totals={shown(problemTotal)} byFlow={shown(problemChart)} top={shown(problemTop)} />
          <OnePassCurveSlide points={shown(onePassTotal)} />
          <OnePassOverviewSlide detail={shown(onePassDetail)} />
        </Carousel>
      </main>
    </>
  );
}
