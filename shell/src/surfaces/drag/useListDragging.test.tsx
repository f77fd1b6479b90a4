/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderWithStore } from '../../test-support/renderShell';
import { draggingStarted } from '../../model/drag/dragSlice';
import { installDragEvent } from './installDragEvent';
import { useListDragging } from './useListDragging';

function Scroller() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useListDragging(element);
  return <div data-testid="scroller" ref={setElement} />;
}

installDragEvent();

describe('useListDragging', () => {
  it('scrolls 25 px up within 100 px of the top, 25 px down within 50 px of the bottom, not in between', async () => {
    const { services } = await createFakeServices();
    const { getByTestId } = renderWithStore(<Scroller />, services);
    const scroller = getByTestId('scroller');
    const steps: number[] = [];
    scroller.getBoundingClientRect = () => ({ top: 100, bottom: 700, left: 0, right: 500, width: 500, height: 600, x: 0, y: 100, toJSON: () => ({}) });
    scroller.scrollBy = ((options: ScrollToOptions) => void steps.push(options.top ?? 0)) as typeof scroller.scrollBy;
    for (const clientY of [150, 199, 200, 400, 650, 651, 690]) fireEvent.dragOver(scroller, { clientY });
    expect(steps).toEqual([-25, -25, 25, 25]);
  });

  it('ends the drag state when any drag ends, even away from the row that started it', async () => {
    const { services } = await createFakeServices();
    const { store } = renderWithStore(<Scroller />, services);
    store.dispatch(draggingStarted(['x']));
    await act(async () => {
      document.dispatchEvent(new Event('dragend'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(store.getState().drag.sources).toEqual([]);
  });
});
