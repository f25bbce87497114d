import { ACCESSORY_LIMITS, ACCESSORY_MSG as M } from '@factory/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { FileField, type StoredFile } from './file-field';
import { ImageField, imageProblem } from './image-field';

const TOO_LARGE = '图片不能大于500KB';
const image = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('imageProblem', () => {
  it.each([
    ['a.png', 'image/png', 10, null],
    ['a.jpg', 'image/jpeg', ACCESSORY_LIMITS.imageMaxBytes - 1, null],
    // a browser that gives no type: judged by the name
    ['a.JPEG', '', 10, null],
    ['a.gif', 'image/gif', 10, M.imageType],
    ['a.webp', '', 10, M.imageType],
    ['a.png', 'image/png', ACCESSORY_LIMITS.imageMaxBytes, TOO_LARGE],
  ])('%s (%s, %i bytes) → %s', (name, type, bytes, problem) => {
    expect(imageProblem(image(name, type, bytes), TOO_LARGE)).toBe(problem);
  });
});

/** A field held by a parent, as Form.Item holds it. */
function Held<V>({ initial, children }: { initial: V; children: (value: V, onChange: (next: File | null) => void) => ReactNode }) {
  const [value, setValue] = useState<V | File | null>(initial);
  return <Providers>{children(value as V, setValue)}</Providers>;
}

describe('ImageField', () => {
  it('shows the current picture, refuses a second one, and is emptied by removing it', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Held<File | string | null> initial="/api/file/current">
        {(value, onChange) => <ImageField value={value} onChange={onChange} tooLargeMessage={TOO_LARGE} alt="正面图片" />}
      </Held>,
    );
    expect(screen.getByRole('img', { name: '正面图片' }).getAttribute('src')).toBe('/api/file/current');

    // the file input is replaced after each pick: read it afresh
    const input = () => container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), image('b.png', 'image/png'));
    expect(await screen.findByText(M.imageOnlyOne)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /删除|delete/i }));
    await waitFor(() => expect(screen.queryByRole('img', { name: '正面图片' })).toBeNull());
    await user.upload(input(), image('b.png', 'image/png'));
    await waitFor(() => expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
  });
});

describe('FileField', () => {
  it('links the stored file, refuses a second one, and takes a new one once removed', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Held<File | StoredFile | null> initial={{ name: 'BOM.xlsx', url: '/api/file/bom' }}>
        {(value, onChange) => <FileField value={value} onChange={onChange} />}
      </Held>,
    );
    expect(screen.getByRole('link', { name: 'BOM.xlsx' }).getAttribute('href')).toBe('/api/file/bom');

    const input = () => container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), image('bom-v2.xlsx', 'application/octet-stream'));
    expect(await screen.findByText(M.fileOnlyOne)).toBeTruthy();

    const item = container.querySelector<HTMLElement>('.ant-upload-list-item')!;
    await user.click(within(item).getByRole('button', { name: /删除|delete/i }));
    await user.upload(input(), image('bom-v2.xlsx', 'application/octet-stream'));
    await waitFor(() => expect(screen.getByText('bom-v2.xlsx')).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'BOM.xlsx' })).toBeNull();
  });
});
