import { DTU_TASK_LIMITS, dtuTaskFindQuery } from '@factory/contracts';
import { ScanOutlined } from '@ant-design/icons';
import { App, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showApiError } from '../../../lib/api-client';
import { findDtuTask } from '../api/find-dtu-task';
import { type DtuContext, dtuTaskUrls, taskTypeOf } from '../dtu-tasks-view';

/**
 * The MAC/IMEI box of a task list (seed 002 §7 task_find): Enter finds the task of
 * this DTU that tested the unit and opens its progress at that unit; none found
 * shows the server's message. Its own state, so typing does not redraw the table.
 */
export function UnitSearch({ dtuId, context }: { dtuId: number; context: DtuContext }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [unit, setUnit] = useState('');
  const [finding, setFinding] = useState(false);

  const find = async () => {
    const parsed = dtuTaskFindQuery.shape.mac.safeParse(unit);
    if (!parsed.success) {
      void message.warning(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setFinding(true);
    try {
      const found = await findDtuTask(dtuId, parsed.data);
      void navigate(dtuTaskUrls.watch(context, taskTypeOf(found.reworkTask), found.id, parsed.data));
    } catch (error) {
      showApiError(error);
    } finally {
      setFinding(false);
    }
  };

  return (
    <Input
      aria-label="MAC/IMEI"
      className="dtu-task-page__unit"
      placeholder="MAC/IMEI，回车查找"
      prefix={<ScanOutlined aria-hidden />}
      allowClear
      maxLength={DTU_TASK_LIMITS.unitMax}
      value={unit}
      disabled={finding}
      onChange={(event) => setUnit(event.target.value)}
      onPressEnter={() => void find()}
    />
  );
}
