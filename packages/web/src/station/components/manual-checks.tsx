interface ManualChecksProps {
  items: { id: number; name: string }[];
  checks: Record<string, boolean>;
  onChange: (itemId: number, pass: boolean | undefined) => void;
}

/** Manual checks as big 合格 / 不合格 toggles; a second tap on the chosen one clears it. */
export function ManualChecks({ items, checks, onChange }: ManualChecksProps) {
  return (
    <div className="manual-list">
      {items.map((item) => {
        const pass = checks[item.id];
        return (
          <div key={item.id} className="manual-row" role="group" aria-label={`人工检查 ${item.name}`}>
            <span className="manual-row__name">{item.name}</span>
            <div className="toggle-pair">
              <button type="button" className="toggle toggle--pass" aria-pressed={pass === true} onClick={() => onChange(item.id, pass === true ? undefined : true)}>
                合格
              </button>
              <button type="button" className="toggle toggle--fail" aria-pressed={pass === false} onClick={() => onChange(item.id, pass === false ? undefined : false)}>
                不合格
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
