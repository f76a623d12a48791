import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { addNotification } from '@/lib/notification-store';
import type { CatalogueApi } from './catalogue-api';
import { refusedForBookings, saveFailure, type FormErrors } from './catalogue-form';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type Column } from './data-table';

/*
 * What the catalogue tabs (cottages, packages, safaris) share: the admin list, the inline add / edit
 * form's state and its save, and the delete confirmation with the server's "has upcoming bookings"
 * refusal and its "Set inactive instead". Each tab configures its calls (catalogue-api.ts), its
 * texts, and its columns and form (catalogue-page.tsx lays them out).
 */

export type CatalogueItem = { id: string; name: string };

export type CatalogueFormState<Item> = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; item: Item };

export type CatalogueTabOptions<Item extends CatalogueItem, Body> = {
  /** The tab's word for one item, capitalised ('Cottage'): its notifications' titles. */
  noun: string;
  api: CatalogueApi<Item, Body>;
  /** The body that saves the item as it is, but inactive (instead of a refused delete). */
  inactive: (item: Item) => Body;
  /** The success notifications' messages that differ between tabs. */
  savedMessage: (item: Item) => string;
  deactivatedMessage: (item: Item) => string;
  /** The save banner's text instead of the server's message (docs/product.md#catalogue-tabs, where it has one). */
  saveFailedBanner?: string;
  /** A delete that failed for another reason than bookings: the dialog's message, or undefined to close it. */
  deleteFailed: (error: Error, item: Item) => string | undefined;
  /** A failed deactivation: the dialog's message, or undefined to leave the dialog as it is. */
  deactivateFailed: (error: Error, item: Item) => string | undefined;
};

export function useCatalogueTab<Item extends CatalogueItem, Body>(options: CatalogueTabOptions<Item, Body>) {
  const { noun, api } = options;
  const { keys } = api;
  const client = useQueryClient();
  const list = useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api.list({ signal }) });
  const [form, setForm] = useState<CatalogueFormState<Item>>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [failure, setFailure] = useState<{ banner: string; details?: FormErrors }>();
  const [deleting, setDeleting] = useState<Item>();
  const [deleteError, setDeleteError] = useState<{ message: string; refused: boolean }>();

  const editing = form.mode === 'edit' ? form.item : undefined;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: keys.all }), client.invalidateQueries({ queryKey: keys.guest })]);
  const openForm = (next: CatalogueFormState<Item>) => {
    setForm(next);
    setFailure(undefined);
    setFormKey((key) => key + 1);
  };
  const closeForm = () => setForm({ mode: 'closed' });
  const closeDelete = () => {
    setDeleting(undefined);
    setDeleteError(undefined);
  };

  const save = useMutation({
    mutationFn: (body: Body) => api.save(editing?.id, body),
    onSuccess: (item) => {
      addNotification({ type: 'success', title: editing ? `${noun} updated` : `${noun} created`, message: options.savedMessage(item) });
      closeForm();
      setFailure(undefined);
    },
    onError: (error) => setFailure(saveFailure(error, options.saveFailedBanner)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (item: Item) => api.remove(item.id),
    onSuccess: (_answer, item) => {
      addNotification({ type: 'success', title: `${noun} deleted`, message: `${item.name} is no longer in the catalogue.` });
      closeDelete();
    },
    onError: (error, item) => {
      const refused = refusedForBookings(error);
      const message = refused ?? options.deleteFailed(error, item);
      if (message === undefined) closeDelete();
      else setDeleteError({ message, refused: refused !== undefined });
    },
    onSettled: refresh,
  });

  const deactivate = useMutation({
    mutationFn: (item: Item) => api.save(item.id, options.inactive(item)),
    onSuccess: (item) => {
      addNotification({ type: 'success', title: `${noun} set inactive`, message: options.deactivatedMessage(item) });
      closeDelete();
    },
    onError: (error, item) => {
      const message = options.deactivateFailed(error, item);
      if (message !== undefined) setDeleteError({ message, refused: false });
    },
    onSettled: refresh,
  });

  return {
    list,
    form,
    formKey,
    editing,
    openForm,
    closeForm,
    /** The save's banner and the server's field messages, for the form. */
    failure,
    save,
    deleting,
    askDelete: setDeleting,
    closeDelete,
    deleteError,
    remove,
    deactivate,
  };
}

export type CatalogueTab<Item extends CatalogueItem> = Pick<
  ReturnType<typeof useCatalogueTab<Item, never>>,
  'list' | 'openForm' | 'askDelete' | 'deleting' | 'closeDelete' | 'deleteError' | 'remove' | 'deactivate'
>;

/** The last column of a catalogue table: edit (the inline form) and, unless `canDelete` is false, delete (the confirmation). */
export function catalogueActionsColumn<Item extends CatalogueItem>(tab: CatalogueTab<Item>, canDelete = true): Column<Item> {
  return {
    id: 'actions',
    header: 'Actions',
    cell: (item) => (
      <div className="row-actions">
        <button type="button" className="button button--secondary" onClick={() => tab.openForm({ mode: 'edit', item })} aria-label={`Edit ${item.name}`}>
          Edit
        </button>
        {canDelete ? (
          <button type="button" className="button button--danger" onClick={() => tab.askDelete(item)} aria-label={`Delete ${item.name}`}>
            Delete
          </button>
        ) : null}
      </div>
    ),
  };
}

/** The tab's list: the list query's failure above it, its loading and empty texts in it. */
export function CatalogueTable<Item extends CatalogueItem>({
  list,
  caption,
  columns,
  rows,
  loading,
  empty,
}: {
  list: UseQueryResult<Item[]>;
  caption: string;
  columns: Array<Column<Item>>;
  rows: Item[];
  loading: string;
  empty: string;
}) {
  return (
    <>
      {list.isError ? (
        <p role="alert" className="form-banner">
          {list.error.message}
        </p>
      ) : null}
      <div className="admin-panel">
        <DataTable caption={caption} columns={columns} rows={rows} rowKey={(item) => item.id} empty={list.isPending ? loading : empty} />
      </div>
    </>
  );
}

/** Asks before a delete; a refusal for upcoming bookings offers "Set inactive instead", other failures show their message. */
export function CatalogueDeleteDialog<Item extends CatalogueItem>({
  tab,
  noun,
  message,
}: {
  tab: CatalogueTab<Item>;
  /** Lower case, as in 'Delete cottage'. */
  noun: string;
  /** The question the dialog asks ('Are you sure you want to delete this cottage?'). */
  message: string;
}) {
  const { deleting, deleteError, remove, deactivate } = tab;
  return (
    <ConfirmDialog
      open={deleting !== undefined}
      title={deleting ? `Delete ${deleting.name}` : `Delete ${noun}`}
      message={message}
      confirmLabel={`Delete ${noun}`}
      danger
      busy={remove.isPending}
      onConfirm={() => deleting && remove.mutate(deleting)}
      onClose={tab.closeDelete}
    >
      {deleteError && deleting ? (
        <div role="alert" className="form-banner catalogue-refusal">
          <p>{deleteError.message}</p>
          {deleteError.refused ? (
            <button type="button" className="button button--primary" disabled={deactivate.isPending} onClick={() => deactivate.mutate(deleting)}>
              {deactivate.isPending ? 'Working...' : 'Set inactive instead'}
            </button>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
