import { INTERVAL, NUMERIC_TYPES } from '@factory/contracts';
import { Button, Checkbox, Input, Radio } from 'antd';
import { emptyStandard, type CheckableProperty, type StandardValue } from '../flow-form';
import { numericInput } from '../property-form';

interface StandardValueInputProps {
  property: CheckableProperty;
  value?: StandardValue;
  onChange?: (value: StandardValue) => void;
}

/**
 * The standard value of one checked item, by its data type (seed 001 §2): the
 * true or false value of a boolean, a text of a string (up to its length), some
 * labels of an enum, one number or a range of a numeric property.
 */
export function StandardValueInput({ property, value, onChange }: StandardValueInputProps) {
  const current = value ?? emptyStandard();
  const change = (patch: Partial<StandardValue>) => onChange?.({ ...current, ...patch });
  const name = property.name;

  switch (property.dataTypeId) {
    case 'boolean':
      return (
        <Radio.Group
          aria-label={`${name}标准值`}
          value={current.normalBoolean ?? undefined}
          onChange={(event) => change({ normalBoolean: event.target.value as number })}
          options={[
            { value: 1, label: `${property.trueValue ?? 'true'}（1）` },
            { value: 0, label: `${property.falseValue ?? 'false'}（0）` },
          ]}
        />
      );
    case 'string':
    case 'url':
      return (
        <Input.TextArea
          aria-label={`${name}标准值`}
          placeholder={`请输入${name}的标准值`}
          value={current.normalStr}
          maxLength={property.length ?? undefined}
          showCount={property.length !== null}
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(event) => change({ normalStr: event.target.value })}
        />
      );
    case 'enum':
      return (
        <Checkbox.Group
          aria-label={`${name}标准值`}
          value={current.normalEnums}
          onChange={(keys) => change({ normalEnums: keys.map(String) })}
          options={Object.entries(property.enumerates ?? {})
            .sort(([left], [right]) => Number(left) - Number(right))
            .map(([key, label]) => ({ value: key, label }))}
        />
      );
    default:
      if (!NUMERIC_TYPES.includes(property.dataTypeId)) return null;
      return <NumericStandard property={property} value={current} onChange={change} />;
  }
}

function NumericStandard({
  property,
  value,
  onChange,
}: {
  property: CheckableProperty;
  value: StandardValue;
  onChange(patch: Partial<StandardValue>): void;
}) {
  const ranged = value.intervalNumber === INTERVAL.range;
  const bounds = `${property.min ?? ''}~${property.max ?? ''}`;
  const unit = property.unitName ?? undefined;
  const toggle = (
    <Button
      type="link"
      size="small"
      className="standard-value__toggle"
      onClick={() => onChange({ intervalNumber: ranged ? INTERVAL.value : INTERVAL.range, normalValueMax: '' })}
    >
      {ranged ? '切换为数值' : '切换为区间'}
    </Button>
  );
  if (!ranged) {
    return (
      <div className="standard-value__numeric">
        <Input
          aria-label={`${property.name}标准值`}
          placeholder={bounds}
          value={value.normalValue}
          suffix={unit}
          onChange={(event) => onChange({ normalValue: numericInput(event.target.value) })}
        />
        {toggle}
      </div>
    );
  }
  return (
    <div className="standard-value__numeric">
      <Input
        aria-label={`${property.name}最小值`}
        placeholder={`最小值 ${bounds}`}
        value={value.normalValue}
        suffix={unit}
        onChange={(event) => onChange({ normalValue: numericInput(event.target.value) })}
      />
      <span className="standard-value__dash">–</span>
      <Input
        aria-label={`${property.name}最大值`}
        placeholder={`最大值 ${bounds}`}
        value={value.normalValueMax}
        suffix={unit}
        onChange={(event) => onChange({ normalValueMax: numericInput(event.target.value) })}
      />
      {toggle}
    </div>
  );
}
