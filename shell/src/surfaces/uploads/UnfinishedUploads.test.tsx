/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import type { TransportRequest, TransportResponse, UnfinishedUpload, UploadJournal } from '../../lib/engine';
import { createAppStore } from '../../app/store';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { UnfinishedUploads } from './UnfinishedUploads';
import { startUploadRuntime } from '../../operations/uploads/uploadRuntime';

jest.setTimeout(30_000);

const settle = (ms = 50) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

const record = (name: string): UnfinishedUpload => ({
  id: `web-file-upload-${name}`,
  workspace: `https://cloud.test/remote.php/dav/uploads/alice/web-file-upload-${name}`,
  destination: `https://cloud.test/remote.php/dav/files/alice/${name}`,
  name,
  size: 20 * 1024 * 1024,
  lastModified: 1_000,
  type: 'application/octet-stream',
  chunkSize: 5 * 1024 * 1024,
  startedAt: 1_000,
});

/** A journal holding `records`, as localStorage would after a reload. */
function journalOf(records: UnfinishedUpload[]): UploadJournal {
  let held = [...records];
  return {
    list: () => held,
    put: (entry) => {
      held = [...held.filter((other) => other.id !== entry.id), entry];
    },
    remove: (id) => {
      held = held.filter((other) => other.id !== id);
    },
  };
}

describe('the unfinished uploads', () => {
  it('keep the keyboard focus when Discard takes a line away: on the next line, then on the New button', async () => {
    const { services } = await createFakeServices({ folders: { '/': [] } });
    const store = createAppStore(services);
    const transport = (_request: TransportRequest): Promise<TransportResponse> => Promise.resolve({ status: 204, headers: {}, body: '' });
    await startUploadRuntime(services, store, { transport, sleep: () => Promise.resolve(), journal: journalOf([record('one.bin'), record('two.bin')]) });
    let newButton: HTMLButtonElement | null = null;
    renderWithStore(
      <>
        <button type="button" ref={(element) => void (newButton = element)}>
          New
        </button>
        <UnfinishedUploads returnFocusTo={() => newButton} />
      </>,
      services,
      store,
    );
    await settle();
    const discardOne = screen.getByRole('button', { name: 'Discard upload of "one.bin"' });
    discardOne.focus();
    await act(async () => {
      fireEvent.click(discardOne);
    });
    await settle();
    expect(screen.queryByRole('button', { name: 'Discard upload of "one.bin"' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume upload of "two.bin"' }));

    const discardTwo = screen.getByRole('button', { name: 'Discard upload of "two.bin"' });
    discardTwo.focus();
    await act(async () => {
      fireEvent.click(discardTwo);
    });
    await settle();
    expect(screen.queryByRole('region', { name: 'Unfinished uploads' })).toBeNull();
    expect(document.activeElement).toBe(newButton);
  });
});
