import { DOCUMENT_MENU, DOCUMENT_TYPE_NAMES, MSG, type DocumentItem, type DocumentType } from '@factory/contracts';
import { App, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { showApiError } from '../../../lib/api-client';
import { useHasFun } from '../../../lib/session-store';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments } from '../api/get-documents';
import { DocumentList } from '../components/document-list';
import { DocumentPreview } from '../components/document-preview';
import { UploadDocumentButton } from '../components/upload-document-button';
import './document-page.css';

// The page names are the type names the operation log uses too (contracts, one word for one thing).
const PAGE_NAMES = DOCUMENT_TYPE_NAMES;

interface Loaded {
  files: readonly DocumentItem[];
  /** react-query's dataUpdatedAt of the answer these files came from */
  at: number;
}

/**
 * A document viewer (seed 000 §2): search by file name on Enter, the files on the
 * left, the selected one in a frame on the right. Upload and delete follow the
 * add and delete buttons of the page's menu (DOCUMENT_MENU).
 */
export function DocumentPage({ type }: { type: DocumentType }) {
  const name = PAGE_NAMES[type];
  const menuUrl = DOCUMENT_MENU[type];
  const { message } = App.useApp();
  const canAdd = useHasFun(menuUrl, 'add');
  const canDelete = useHasFun(menuUrl, 'delete');
  const [searchText, setSearchText] = useState('');
  const [originName, setOriginName] = useState('');
  const documents = useDocuments(type, originName);
  const remove = useDeleteDocument(type);

  // A failed load leaves the last list on screen (seed 000 §8), so the page keeps
  // what it last received; every answer, refetches included, shows its first file.
  const [loaded, setLoaded] = useState<Loaded>({ files: [], at: 0 });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  if (documents.data && documents.dataUpdatedAt !== loaded.at) {
    setLoaded({ files: documents.data, at: documents.dataUpdatedAt });
    setSelectedId(documents.data[0]?.id ?? null);
  }

  // seed 000 §8: a document load failure is logged only.
  useEffect(() => {
    if (documents.error) console.error('document list failed to load', documents.error);
  }, [documents.error]);

  const selected = loaded.files.find((file) => file.id === selectedId) ?? null;

  const deleteFile = async (file: DocumentItem) => {
    try {
      await remove.mutateAsync(file.id);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(MSG.documentDeleted);
  };

  return (
    <div className="document-page">
      <PageHeader
        title={name}
        breadcrumb={['文档中心', name]}
        extra={canAdd ? <UploadDocumentButton type={type} /> : undefined}
      />
      <div className="document-page__body">
        <aside className="document-page__side">
          <div className="document-page__tools">
            <Input.Search
              aria-label="文件名称"
              placeholder="请输入文件名称，回车搜索"
              allowClear
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              // Sent as typed (seed 000 §5): no trimming. Searching the same text again reloads.
              onSearch={(value) => {
                if (value === originName) void documents.refetch();
                else setOriginName(value);
              }}
            />
            <div className="document-page__count">共 {loaded.files.length} 个文件</div>
          </div>
          <div className="document-page__list">
            <Spin spinning={documents.isFetching}>
              <DocumentList
                files={loaded.files}
                selectedId={selectedId}
                onSelect={(file) => setSelectedId(file.id)}
                canDelete={canDelete}
                onDelete={deleteFile}
              />
            </Spin>
          </div>
        </aside>
        <section className="document-page__viewer" aria-label="文档预览">
          <DocumentPreview file={selected} />
        </section>
      </div>
    </div>
  );
}

export const UserDocPage = () => <DocumentPage type="USER_DOC" />;
export const DevDocPage = () => <DocumentPage type="TECH_DOC" />;
export const ServeDocPage = () => <DocumentPage type="SERVER_DOC" />;
