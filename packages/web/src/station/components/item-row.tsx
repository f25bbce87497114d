import type { KeyboardEvent } from 'react';
import { judgeValue, type StationItem } from '../lib/contracts';

interface ItemRowProps {
  item: StationItem;
  value: string;
  onChange: (value: string) => void;
}

/** The live mark beside a value: the same judgement the server makes (the server's answer is the one stored). */
export function ValueMark({ item, value }: { item: StationItem; value: string }) {
  if (value.trim() === '') return <span className="mark mark--empty">待录入</span>;
  return judgeValue(item, value).result === 1 ? (
    <span className="mark mark--pass">✓ 合格</span>
  ) : (
    <span className="mark mark--fail">✗ 不合格</span>
  );
}

/** Enter in a value field moves on to the next one, then back to the scan field, as a scanner's Enter would. */
function focusNext(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const fields = [...document.querySelectorAll<HTMLElement>('[data-value-field]')];
  const next = fields[fields.indexOf(event.currentTarget) + 1] ?? document.querySelector<HTMLElement>('.scan-box__input');
  next?.focus();
}

function ValueInput({ item, value, onChange }: ItemRowProps) {
  if (item.dataTypeId === 'boolean') {
    // Sent as the property's label when it has one, so records read 开/关 rather than 1/0.
    const options = [
      { label: item.trueValue ?? '是', value: item.trueValue ?? '1' },
      { label: item.falseValue ?? '否', value: item.falseValue ?? '0' },
    ];
    return (
      <div className="toggle-pair" role="group" aria-label={item.name}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="toggle"
            aria-pressed={value === option.value}
            onClick={() => onChange(value === option.value ? '' : option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    );
  }
  if (item.dataTypeId === 'enum') {
    return (
      <select className="value-field" data-value-field aria-label={item.name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">请选择</option>
        {Object.entries(item.enumerates ?? {}).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
    );
  }
  const numeric = item.dataTypeId === 'int' || item.dataTypeId === 'float' || item.dataTypeId === 'double';
  return (
    <span className="value-field-wrap">
      <input
        className="value-field"
        data-value-field
        aria-label={item.name}
        autoComplete="off"
        inputMode={numeric ? (item.dataTypeId === 'int' ? 'numeric' : 'decimal') : 'text'}
        maxLength={item.length ?? undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={focusNext}
      />
      {numeric && item.unitName && <span className="value-field__unit">{item.unitName}</span>}
    </span>
  );
}

/** One auto-check item: name, the standard beside it, a field suited to its type and the live mark. */
export function ItemRow({ item, value, onChange }: ItemRowProps) {
  return (
    <div className="item-row" role="group" aria-label={`检测项 ${item.name}`}>
      <div className="item-row__head">
        <span className="item-row__name">{item.name}</span>
        <span className="item-row__standard">标准：{item.standard}</span>
      </div>
      <div className="item-row__input">
        <ValueInput item={item} value={value} onChange={onChange} />
      </div>
      <div className="item-row__mark">
        <ValueMark item={item} value={value} />
      </div>
    </div>
  );
}
