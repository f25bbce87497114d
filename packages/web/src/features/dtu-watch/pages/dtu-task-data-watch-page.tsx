import { type Answer, type DTU_TASK_ENDPOINTS, LIVE_STREAMS } from '@factory/contracts';
import { Button, ConfigProvider, Result, theme, type ThemeConfig } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLiveRefresh } from '../../../lib/use-live-refresh';
import { dtuWatchKeys } from '../api/dtu-watch-keys';
import { useBoardTask } from '../api/get-board-task';
import { useWatchCount } from '../api/get-watch-count';
import { capacityText, finishText, NO_DATA, progressText } from '../board-format';
import { DtuBoardTopBar } from '../components/dtu-board-top-bar';
import { ProductionDigits } from '../components/production-digits';
import { dtuWatchUrls, idParam, isRework, taskContextOf } from '../dtu-watch-view';
import './dtu-task-data-watch-page.css';

type WatchCount = Answer<typeof DTU_TASK_ENDPOINTS.dtuTaskWatchCount>;

const darkTheme: ThemeConfig = { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#3fd0ff' } };

/**
 * DTU生产看板 (/dtuTaskDataWatch?taskId&dtuNumber&partsId&dtuId&partsType&taskType, seed 002
 * §2): a dark full screen at the line with the clock, the task's progress, its target and
 * finished counts as digits, its capacity and expected finish. Its figures are read every
 * 10 s: DTU results raise no live event (the production board's stream is of production tasks).
 */
export function DtuTaskDataWatchPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const context = taskContextOf(params);
  const taskId = idParam(params, 'taskId');
  const listUrl = dtuWatchUrls.taskList(context, isRework(context));

  // The logo goes back where the board was opened from, out of the browser's full screen (seed 002 §2).
  const leave = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    // an address opened directly has nothing to go back to: the task list instead
    if (location.key === 'default') void navigate(listUrl);
    else void navigate(-1);
  };

  return (
    <ConfigProvider theme={darkTheme}>
      <div className="dtu-board">
        {taskId === null ? (
          <>
            <DtuBoardTopBar taskName="" dtuNumber={context.dtuNumber} updatedAt={null} failing={false} onLogo={leave} />
            <Result
              className="dtu-board__missing"
              status="warning"
              title="未指定任务"
              subTitle="请从DTU任务列表点击“数据看板”打开"
              extra={
                <Button type="primary" onClick={() => void navigate(listUrl)}>
                  返回任务列表
                </Button>
              }
            />
          </>
        ) : (
          <TaskBoard taskId={taskId} dtuNumber={context.dtuNumber} onLogo={leave} />
        )}
      </div>
    </ConfigProvider>
  );
}

/** What the board shows without an answer (the last try failed): zeros and 暂无数据. */
const NONE: WatchCount = { total: 0, finished: 0, timePerProduction: 0, timeToFinish: 0 };

function TaskBoard({ taskId, dtuNumber, onLogo }: { taskId: number; dtuNumber: string; onLogo: () => void }) {
  const task = useBoardTask(taskId);
  const count = useWatchCount(taskId);
  // Beyond the specification: within a second of a unit's scan, report or result (the 10 s polling stays).
  useLiveRefresh(LIVE_STREAMS.dtuTask, { taskId }, dtuWatchKeys.board(taskId));
  const figures = count.isError ? NONE : (count.data ?? NONE);
  const percent = progressText(figures.finished, figures.total);

  return (
    <>
      <DtuBoardTopBar
        taskName={task.data?.fittingType ?? ''}
        dtuNumber={task.data?.detail.dtuType ?? dtuNumber}
        updatedAt={count.dataUpdatedAt > 0 ? count.dataUpdatedAt : null}
        failing={count.isError || task.isError}
        onLogo={onLogo}
      />
      <main className="dtu-board__stage">
        <section className="dtu-board-panel dtu-board__count" aria-labelledby="dtu-board-target">
          <h3 id="dtu-board-target" className="dtu-board-panel__title">
            目标数量
          </h3>
          <ProductionDigits label="目标数量" count={figures.total} />
        </section>
        <section className="dtu-board-panel dtu-board__count dtu-board__count--finished" aria-labelledby="dtu-board-finished">
          <h3 id="dtu-board-finished" className="dtu-board-panel__title">
            完成数量
          </h3>
          <ProductionDigits label="完成数量" count={figures.finished} />
        </section>

        <section className="dtu-board-panel dtu-board__progress" aria-labelledby="dtu-board-progress">
          <div className="dtu-board__progress-head">
            <h3 id="dtu-board-progress" className="dtu-board-panel__title">
              生产进度
            </h3>
            <span className="dtu-board__percent" aria-label="完成百分比">
              {percent}
              <small>%</small>
            </span>
          </div>
          <div
            className="dtu-board__bar"
            role="progressbar"
            aria-label="生产进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number(percent)}
          >
            <div className="dtu-board__bar-fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="dtu-board__progress-caption">
            已完成 {figures.finished} / 目标 {figures.total} 台
          </p>
        </section>

        <Figure label="生产产能" value={capacityText(figures.timePerProduction)} note="平均每台检测用时" />
        <Figure label="预计完成" value={finishText(figures.timeToFinish)} note="按当前产能完成剩余数量" />
      </main>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <dl className="dtu-board-panel dtu-board-figure" aria-label={label}>
      <dt className="dtu-board-panel__title">{label}</dt>
      <dd className={value === NO_DATA ? 'dtu-board-figure__value dtu-board-figure__value--none' : 'dtu-board-figure__value'}>{value}</dd>
      <dd className="dtu-board-figure__note">{note}</dd>
    </dl>
  );
}
