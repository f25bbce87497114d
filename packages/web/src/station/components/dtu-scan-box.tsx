import type { UnitUnderTest } from '../hooks/use-unit-under-test';
import { ScanField } from './scan-field';

interface DtuScanBoxProps {
  tested: UnitUnderTest;
  /** what to scan while no unit is under test (请扫描设备IMEI) */
  prompt: string;
  identity: string;
}

/** The scan field of the parts check, and the notice of the last scan or result just below it. */
export function DtuScanBox({ tested, prompt, identity }: DtuScanBoxProps) {
  const { scanning, unit, notice, scanRef, onScan } = tested;
  return (
    <>
      <section className="scan-box">
        <ScanField
          prompt={scanning !== null ? `正在读取设备${scanning}…` : unit ? `正在检测 ${unit.code}` : prompt}
          placeholder={unit ? '提交后扫描下一台设备' : `扫描或输入${identity}`}
          busy={scanning !== null}
          inputRef={scanRef}
          onScan={onScan}
        />
      </section>
      {notice && (
        <div className={`notice notice--${notice.tone}`} role={notice.tone === 'info' ? 'status' : 'alert'}>
          <span>{notice.text}</span>
          {notice.action && (
            <button type="button" className="notice__action" onClick={notice.action.run}>
              {notice.action.label}
            </button>
          )}
        </div>
      )}
    </>
  );
}
