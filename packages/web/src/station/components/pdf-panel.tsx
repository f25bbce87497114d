interface PdfPanelProps {
  url: string;
  flowName: string;
  onClose: () => void;
}

/** The flow's work instruction in a frame over the work screen; handheld browsers that show no PDF inline get the link. */
export function PdfPanel({ url, flowName, onClose }: PdfPanelProps) {
  return (
    <div className="pdf-panel" role="dialog" aria-label="作业指导书">
      <header className="pdf-panel__head">
        <h2>作业指导书 · {flowName}</h2>
        <a className="pdf-panel__open" href={url} target="_blank" rel="noreferrer">
          新窗口打开
        </a>
        <button type="button" className="button button--ghost" onClick={onClose}>
          关闭
        </button>
      </header>
      <iframe className="pdf-panel__frame" src={url} title={`${flowName}作业指导书`} />
    </div>
  );
}
