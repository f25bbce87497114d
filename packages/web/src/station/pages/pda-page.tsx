import { useCallback, useState } from 'react';
import { MovementsPanel } from '../components/movements-panel';
import { SpotCheckMode } from '../components/spot-check-mode';
import { StationFrame } from '../components/station-frame';
import { StatusScreen } from '../components/status-screen';
import { StockInMode } from '../components/stock-in-mode';
import { StockOutMode } from '../components/stock-out-mode';
import { useServerList } from '../hooks/use-server-list';
import { MODES_RETRY_MS, useStockModes } from '../hooks/use-stock-modes';
import { type AnsweredWrite, type SentWrite, useStockWrites } from '../hooks/use-stock-writes';
import type { StockModes } from '../lib/contracts';
import type { StationSession } from '../lib/session';
import { fetchMovements } from '../lib/stock-api';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
// stock.css builds on station.css: station.css first, so the PDA's rules win over the ones they refine.
import '../station.css';
import '../stock.css';

interface PdaPageProps {
  session: StationSession;
  onLogout: () => void;
  onExpired: (message: string) => void;
}

type ModeKey = 'stockIn' | 'spotCheck' | 'stockOut';
const MODES: { key: ModeKey; name: string }[] = [
  { key: 'stockIn', name: '入库' },
  { key: 'spotCheck', name: '抽检' },
  { key: 'stockOut', name: '出库' },
];

const heldModes = (modes: StockModes) => MODES.filter((mode) => modes[mode.key]);

/**
 * A PDA at work (PDA APP → 入库 · 抽检 · 出库): the modes the user holds, the chosen
 * one remembered on the device; every write goes through the offline queue when
 * the network fails; today's movements at this terminal beside (or below).
 */
export function PdaPage({ session, onLogout, onExpired }: PdaPageProps) {
  const { token, terminal, user } = session;
  const { modes, error } = useStockModes(token, terminal.id, user.id, onExpired);
  const [chosen, setChosen] = useState<ModeKey | null>(() => readStored<ModeKey>(STORAGE_KEYS.stockMode));
  const movements = useServerList(fetchMovements, token, onExpired);
  const [lastSent, setLastSent] = useState<SentWrite | null>(null);

  const reloadMovements = movements.reload;
  const onAnswered = useCallback(
    (answered: AnsweredWrite, queued: boolean) => {
      void reloadMovements();
      if (queued) setLastSent((last) => ({ ...answered, seq: (last?.seq ?? 0) + 1 }));
    },
    [reloadMovements],
  );
  const writes = useStockWrites(token, terminal.id, { onAnswered, onExpired });

  const held = modes ? heldModes(modes) : [];
  const mode = held.find((candidate) => candidate.key === chosen) ?? held[0];
  const choose = (key: ModeKey) => {
    writeStored(STORAGE_KEYS.stockMode, key);
    setChosen(key);
  };

  let content;
  if (!modes) {
    content = error ? (
      <StatusScreen tone="error" title="无法连接服务器">
        {error}，每 {MODES_RETRY_MS / 1000} 秒重试一次…
      </StatusScreen>
    ) : (
      <StatusScreen tone="idle" title="正在读取功能…" />
    );
  } else if (!mode) {
    content = (
      <StatusScreen tone="stop" title="没有可用的PDA功能">
        请在控制台为该用户的角色分配 PDA APP 的入库、抽检或出库菜单。
      </StatusScreen>
    );
  } else if (mode.key === 'stockIn') {
    content = <StockInMode token={token} writes={writes} lastSent={lastSent} onExpired={onExpired} />;
  } else if (mode.key === 'spotCheck') {
    content = <SpotCheckMode token={token} writes={writes} lastSent={lastSent} onExpired={onExpired} />;
  } else {
    content = <StockOutMode writes={writes} />;
  }

  return (
    <StationFrame
      className="station--pda"
      session={session}
      onLogout={onLogout}
      queued={writes.pending.length}
      onRetry={() => void writes.flush()}
      bar={
        held.length > 0 && (
          <nav className="pda-modes" aria-label="PDA功能">
            <div className="pda-modes__tabs" role="tablist">
              {held.map((candidate) => (
                <button
                  key={candidate.key}
                  type="button"
                  role="tab"
                  aria-selected={candidate.key === mode?.key}
                  className="pda-modes__tab"
                  onClick={() => choose(candidate.key)}
                >
                  {candidate.name}
                </button>
              ))}
            </div>
            {modes?.lineName && <span className="pda-modes__line">产线：{modes.lineName}</span>}
          </nav>
        )
      }
      side={<MovementsPanel rows={movements.rows ?? []} pending={writes.pending} refused={writes.refused} onDismissRefused={writes.dismissRefused} />}
    >
      {content}
    </StationFrame>
  );
}
