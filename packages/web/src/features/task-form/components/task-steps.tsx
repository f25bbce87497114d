import { Steps } from 'antd';

/** 1 基本信息, 2 终端设置: where the planner is in making a task. */
export function TaskSteps({ current }: { current: 0 | 1 }) {
  return (
    <Steps
      className="task-steps"
      current={current}
      items={[{ title: '基本信息' }, { title: '终端设置' }]}
    />
  );
}
