import { communicationTypeName, type Dtu } from '@factory/contracts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Image, Tooltip } from 'antd';
import { EMPTY } from '../potion-view';
import './dtu-info-card.css';

/** A stored file under its original name, opened in a new window; '-' when there is none. */
function FileLink({ url, name }: { url: string | null; name: string | null }) {
  if (!url) return <>{EMPTY}</>;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={name ?? undefined}>
      {name || url}
    </a>
  );
}

function DtuImage({ url, caption }: { url: string | null; caption: string }) {
  return (
    <figure className="dtu-info__figure">
      {url ? (
        <Image src={url} alt={caption} width={132} height={132} className="dtu-info__image" />
      ) : (
        <div className="dtu-info__no-image">暂无图片</div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

interface DtuInfoCardProps {
  dtu: Dtu;
  /** shows the edit icon; left out for an archived DTU */
  onEdit?: () => void;
}

/** The DTU's basic information, its files and its two images (seed 002 §2 /partsPotion). */
export function DtuInfoCard({ dtu, onEdit }: DtuInfoCardProps) {
  const basic = [
    { key: 'dtuType', label: 'DTU型号', children: dtu.dtuType },
    { key: 'modelType', label: '模块型号', children: dtu.modelType },
    { key: 'productCompany', label: '模块供应商', children: dtu.productCompany },
    { key: 'standardVoltage', label: '供电电压', children: dtu.standardVoltage ? `${dtu.standardVoltage}V` : EMPTY },
    { key: 'bandRate', label: '波特率', children: dtu.bandRate ?? EMPTY },
    { key: 'connectInternet', label: '网络支持', children: dtu.connectInternet ? '支持' : '不支持' },
    ...(dtu.connectInternet
      ? [
          {
            key: 'communicationType',
            label: '通信方式',
            children: dtu.communicationTypeDesc || communicationTypeName(dtu.communicationType) || EMPTY,
          },
        ]
      : []),
  ];
  const files = [
    { key: 'bomList', label: 'BOM清单', children: <FileLink url={dtu.bomListFileUrl} name={dtu.bomListOriginName} /> },
    { key: 'productFile', label: '生产文件', children: <FileLink url={dtu.productFileUrl} name={dtu.productFileOriginName} /> },
    {
      key: 'otherRequest',
      label: '其他要求',
      children: <FileLink url={dtu.otherRequestFileUrl} name={dtu.otherRequestFileOriginName} />,
    },
    {
      key: 'firmware',
      label: '升级固件',
      children: dtu.testFirmwareUrl ? (
        <span className="dtu-info__firmware">
          <FileLink url={dtu.testFirmwareUrl} name={dtu.testFirmwareFileName} />
          {dtu.testFirmwareVersion && <span className="dtu-info__version">版本 {dtu.testFirmwareVersion}</span>}
        </span>
      ) : (
        EMPTY
      ),
    },
  ];
  return (
    <Card
      variant="borderless"
      size="small"
      title="DTU信息"
      role="region"
      aria-label="DTU信息"
      extra={
        onEdit && (
          <Tooltip title="编辑DTU">
            <Button type="text" size="small" aria-label="编辑DTU" icon={<EditOutlined />} onClick={onEdit} />
          </Tooltip>
        )
      }
    >
      <div className="dtu-info">
        <div className="dtu-info__text">
          <Descriptions size="small" column={3} items={basic} />
          <Descriptions size="small" column={2} title="相关文件" items={files} className="dtu-info__files" />
        </div>
        <div className="dtu-info__images">
          <DtuImage url={dtu.frontImageUrl} caption="正面图片" />
          <DtuImage url={dtu.backImageUrl} caption="背面图片" />
        </div>
      </div>
    </Card>
  );
}
