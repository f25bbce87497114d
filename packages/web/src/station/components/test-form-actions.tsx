/** The foot of a parts-check form: 清空 (the unit's form starts over, back to the scan) and 提交. */
export function TestFormActions({ submitting, hasUnit, onClear, onSubmit }: { submitting: boolean; hasUnit: boolean; onClear: () => void; onSubmit: () => void }) {
  return (
    <div className="test-form__actions">
      <button type="button" className="button button--ghost" disabled={submitting || !hasUnit} onClick={onClear}>
        清空
      </button>
      <button type="button" className="button button--primary button--submit" disabled={submitting || !hasUnit} onClick={onSubmit}>
        {submitting ? '提交中…' : '提交'}
      </button>
    </div>
  );
}
