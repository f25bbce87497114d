import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';

interface SearchQueryProps {
  /** the box's label and placeholder */
  label: string;
  className?: string;
  maxLength: number;
  /** what is typed, kept by the page so that its 重置 can clear it */
  draft: string;
  onDraftChange: (text: string) => void;
  /** the text the list is filtered by now */
  searched: string;
  onSearch: (text: string) => void;
}

/**
 * A list page's search box and its 查询 button: searches on Enter or 查询, and
 * lists everything again as soon as the box is emptied (its × too), without
 * another Enter.
 */
export function SearchQuery({ label, className, maxLength, draft, onDraftChange, searched, onSearch }: SearchQueryProps) {
  return (
    <>
      <Input
        aria-label={label}
        className={className}
        placeholder={label}
        prefix={<SearchOutlined />}
        maxLength={maxLength}
        allowClear
        value={draft}
        onChange={(event) => {
          onDraftChange(event.target.value);
          if (event.target.value === '' && searched !== '') onSearch('');
        }}
        onPressEnter={() => onSearch(draft.trim())}
      />
      <Button type="primary" onClick={() => onSearch(draft.trim())}>
        查询
      </Button>
    </>
  );
}
