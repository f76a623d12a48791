import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VillaTypesPage from '@/features/admin/villa-types/villa-types-page';
import { saveAdminSession } from '@/lib/admin-session';
import { liveToken, ok, stubFetch } from './support/app-harness';
import { toAdminStayType } from '@shared/admin-catalogue-stay-types';
import { sampleStayTypes } from '../../infra/local/sample-data.ts';

/* The Villa Types tab (docs/product.md#villa-types-tab): its list, its form, and the form's photos. */

function renderTab(page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
}

beforeEach(() => saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Villa Types tab', () => {
  const types = () => sampleStayTypes.map((type) => toAdminStayType(type, { all: type.id === 'kingfisher-villa' ? 3 : 1, active: 1 }));

  it('lists each type with its price, capacity, units and status, and has no delete', async () => {
    stubFetch([{ method: 'GET', path: /\/admin\/stay-types$/, answer: () => ok(types()) }]);
    renderTab(
      <MemoryRouter>
        <VillaTypesPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByText('Kingfisher Villa', { selector: 'strong' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹15,000 / night')).toBeTruthy();
    expect(within(row).getByText('4 guests')).toBeTruthy();
    expect(within(row).getByText('1 / 3')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Kingfisher Villa' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("checks the form with the server's schema and sends a new type; a type is retired by its status", async () => {
    const sent = stubFetch([
      { method: 'GET', path: /\/admin\/stay-types$/, answer: () => ok(types()) },
      {
        method: 'POST',
        path: /\/admin\/stay-types$/,
        answer: ({ body }) => ({
          status: 201,
          body: {
            success: true,
            data: { ...toAdminStayType(sampleStayTypes[0] as never), ...(body as object), id: 'treehouse', units: 0, active_units: 0, amenity_list: [] },
          },
        }),
      },
      {
        method: 'PUT',
        path: /\/admin\/stay-types\/kingfisher-villa$/,
        answer: ({ body }) => ({ status: 200, body: { success: true, data: { ...types()[1], ...(body as object) } } }),
      },
    ]);
    const user = userEvent.setup();
    renderTab(
      <MemoryRouter>
        <VillaTypesPage />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add New Villa Type' }));
    await user.click(screen.getByRole('button', { name: 'Create Villa Type' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Price per night is required')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), 'Treehouse');
    await user.type(screen.getByLabelText(/^Price per night \(₹\)/), '30000');
    await user.type(screen.getByLabelText(/^Capacity \(guests\)/), '4');
    await user.type(screen.getByLabelText(/^Description/), 'A cabin in the canopy.');
    await user.click(screen.getByRole('button', { name: 'Create Villa Type' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
        name: 'Treehouse',
        price_per_night: 30000,
        capacity: 4,
        description: 'A cabin in the canopy.',
        status: 'active',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Villa Type' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Kingfisher Villa' }));
    await user.selectOptions(screen.getByLabelText(/^Status/), 'retired');
    await user.click(screen.getByRole('button', { name: 'Update Villa Type' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({ status: 'retired', price_per_night: 15000 }));
  });

  describe('photos', () => {
    // jsdom decodes and draws nothing: the photo is "decoded" at its given size and each copy
    // "encoded" as a blob of its width in bytes, in the type asked for (WebP unless told otherwise).
    let decoded = { width: 2400, height: 1600 };
    let encodes: string | undefined;
    beforeEach(() => {
      decoded = { width: 2400, height: 1600 };
      encodes = undefined;
      vi.stubGlobal('createImageBitmap', async () => ({ ...decoded, close: () => undefined }));
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as never);
      vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done: BlobCallback, type?: string) {
        done(new Blob([new Uint8Array(this.width)], { type: encodes ?? type ?? 'image/png' }));
      });
    });

    const kingfisher = () => types()[1] as ReturnType<typeof toAdminStayType>;
    /** The stubbed API, and the storage posts (forms) answered `storageStatus`. */
    function stubUploads(storageStatus = 204, gate?: Promise<void>) {
      let photos = 0;
      const sent = stubFetch([
        { method: 'GET', path: /\/admin\/stay-types$/, answer: () => ok(types()) },
        {
          method: 'POST',
          path: /\/admin\/media$/,
          answer: ({ body }) => {
            const { width, contentType } = body as { width: number; contentType: string };
            const extension = contentType === 'image/webp' ? 'webp' : 'jpg';
            const widths = [width, 800, 400].filter((each, index) => index === 0 || each < width);
            const id = `0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e0${photos++}`;
            return {
              status: 201,
              body: {
                success: true,
                data: {
                  image: `/media/${id}-${width}w.${extension}`,
                  uploads: widths.map((each) => ({
                    width: each,
                    url: '/_media/upload',
                    fields: { key: `media/${id}-${each}w.${extension}`, Policy: 'p' },
                  })),
                },
              },
            };
          },
        },
        { method: 'PUT', path: /\/admin\/stay-types\/kingfisher-villa$/, answer: ({ body }) => ok({ ...kingfisher(), ...(body as object) }) },
      ]);
      const api = fetch;
      const forms: Array<{ key: string; size: number; type: string }> = [];
      vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
        if (!(init.body instanceof FormData)) return api(input, init);
        const file = init.body.get('file') as Blob;
        forms.push({ key: String(init.body.get('key')), size: file.size, type: file.type });
        await gate;
        return new Response(null, { status: storageStatus });
      });
      return { sent, forms };
    }

    async function openKingfisher() {
      const user = userEvent.setup();
      renderTab(
        <MemoryRouter>
          <VillaTypesPage />
        </MemoryRouter>,
      );
      await user.click(await screen.findByRole('button', { name: 'Edit Kingfisher Villa' }));
      return user;
    }

    it('shrinks a photo to 1,600 px WebP with 800 and 400 px copies, uploads each, and saves it after the card photo', async () => {
      const { sent, forms } = stubUploads();
      const user = await openKingfisher();
      expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('/images/villas/kingfisher-villa.svg');
      await user.upload(screen.getByLabelText('Photos'), new File(['raw'], 'deck.jpg', { type: 'image/jpeg' }));
      await screen.findByText('1 photo added. Save the villa type to keep it.');
      expect(sent.find((request) => request.path.endsWith('/admin/media'))?.body).toEqual({ contentType: 'image/webp', width: 1600 });
      expect(forms).toEqual([
        { key: 'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1600w.webp', size: 1600, type: 'image/webp' },
        { key: 'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-800w.webp', size: 800, type: 'image/webp' },
        { key: 'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-400w.webp', size: 400, type: 'image/webp' },
      ]);
      const added = screen.getByRole('img', { name: 'Photo 2' });
      expect(added.getAttribute('srcset')).toBe(
        '/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-400w.webp 400w, /media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-800w.webp 800w, /media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1600w.webp 1600w',
      );

      // Made the card's photo, and saved.
      await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
      await user.click(screen.getByRole('button', { name: 'Update Villa Type' }));
      await waitFor(() =>
        expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
          images: ['/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1600w.webp', '/images/villas/kingfisher-villa.svg'],
        }),
      );
    });

    it('keeps a smaller photo at its own width, falls back to JPEG where WebP cannot be encoded, and says which photo failed and why', async () => {
      decoded = { width: 1000, height: 750 };
      encodes = 'image/png';
      const { sent, forms } = stubUploads();
      const user = await openKingfisher();
      await user.upload(screen.getByLabelText('Photos'), new File(['raw'], 'pool.png', { type: 'image/png' }));
      await screen.findByText('1 photo added. Save the villa type to keep it.');
      expect(sent.find((request) => request.path.endsWith('/admin/media'))?.body).toEqual({ contentType: 'image/jpeg', width: 1000 });
      expect(forms.map((form) => form.key)).toEqual([
        'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1000w.jpg',
        'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-800w.jpg',
        'media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-400w.jpg',
      ]);

      decoded = { width: 320, height: 200 };
      await user.upload(screen.getByLabelText('Photos'), new File(['raw'], 'thumb.jpg', { type: 'image/jpeg' }));
      expect((await screen.findByRole('alert')).textContent).toBe('thumb.jpg is only 320 px wide: use a photo at least 400 px wide.');
      expect(screen.queryByRole('img', { name: 'Photo 3' })).toBeNull();
    });

    it('uploads several photos one after another; a save meanwhile waits, and a Remove meanwhile is kept', async () => {
      let open = () => undefined as void;
      const { sent } = stubUploads(204, new Promise<void>((resolve) => (open = resolve)));
      const user = await openKingfisher();
      await user.upload(screen.getByLabelText('Photos'), [
        new File(['raw'], 'deck.jpg', { type: 'image/jpeg' }),
        new File(['raw'], 'river.jpg', { type: 'image/jpeg' }),
      ]);
      await screen.findByText('Shrinking and uploading photo 1 of 2…');
      await user.click(screen.getByRole('button', { name: 'Update Villa Type' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Wait until the photos have uploaded, then save.');
      expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));

      open();
      await screen.findByText('2 photos added. Save the villa type to keep them.');
      expect(screen.getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual([
        '/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1600w.webp',
        '/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e01-1600w.webp',
      ]);
      await user.click(screen.getByRole('button', { name: 'Update Villa Type' }));
      await waitFor(() =>
        expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
          images: ['/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e00-1600w.webp', '/media/0b7c2f4e-1d2a-4c3b-9e8f-5a6b7c8d9e01-1600w.webp'],
        }),
      );
    });

    it('adds nothing when storage refuses the upload, and says so', async () => {
      stubUploads(403);
      const user = await openKingfisher();
      await user.upload(screen.getByLabelText('Photos'), new File(['raw'], 'deck.jpg', { type: 'image/jpeg' }));
      expect((await screen.findByRole('alert')).textContent).toBe('deck.jpg could not be uploaded (storage answered 403). Please try again.');
      expect(screen.queryByRole('img', { name: 'Photo 2' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
      expect(screen.getByText('No photos yet: guests see a placeholder.')).toBeTruthy();
    });
  });
});
