interface ManualChecksProps<Id extends number | string> {
  /** each check; `hint` says how to check it (a key test's command) */
  items: { id: Id; name: string; hint?: string }[];
  checks: Record<string, boolean>;
  /** what the checks are, naming each row: 人工检查 (the overall check's), 按键检测 (a DTU's key tests) */
  kind?: string;
  onChange: (itemId: Id, pass: boolean | undefined) => void;
}

/** Manual checks as big 合格 / 不合格 toggles; a second tap on the chosen one clears it. */
export function ManualChecks<Id extends number | string>({ items, checks, kind = '人工检查', onChange }: ManualChecksProps<Id>) {
  return (
    <div className="manual-list">
      {items.map((item) => {
        const pass = checks[String(item.id)];
        return (
          <div key={item.id} className="manual-row" role="group" aria-label={`${kind} ${item.name}`}>
            {item.hint ? (
              <div className="manual-row__head">
                <span className="manual-row__name">{item.name}</span>
                <span className="manual-row__hint">{item.hint}</span>
              </div>
            ) : (
              <span className="manual-row__name">{item.name}</span>
            )}
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
