import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { TASK_LIST_PATH } from '../task-form-view';

interface TaskFormResultProps {
  title: string;
  subTitle: string;
}

/** A task the form can not open (no id, a bad id, unknown or out of scope), with the way back. */
export function TaskFormResult({ title, subTitle }: TaskFormResultProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => void navigate(TASK_LIST_PATH)}>
          返回
        </Button>
      }
    />
  );
}
