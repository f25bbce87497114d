import { DatePicker, Select } from 'antd';
import { useProductModels } from '../api/get-product-models';
import { afterToday, DAY_FORMAT, dayValue, productIdOf } from '../stock-view';

/** The product-model filter of both lists: filterable, clearable; '' is every model. */
export function ProductModelSelect({ value, onChange }: { value: string; onChange: (productId: string) => void }) {
  // Its failure shows nowhere: the list's own call says what went wrong.
  const models = useProductModels();
  return (
    <Select<number>
      aria-label="产品型号"
      className="stock-filters__product"
      placeholder="产品型号"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={models.isLoading}
      options={models.data ?? []}
      value={productIdOf(value)}
      onChange={(productId?: number) => onChange(productId === undefined ? '' : String(productId))}
    />
  );
}

/** A day filter: no day after today; cleared it is every day (''). */
export function DayPicker({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <DatePicker
      aria-label={label}
      placeholder={label}
      className="stock-filters__day"
      disabledDate={afterToday}
      value={dayValue(value)}
      onChange={(date) => onChange(date ? date.format(DAY_FORMAT) : '')}
    />
  );
}
