import type { ReactNode } from 'react';
import { CatalogueForm, type CatalogueFormConfig } from './catalogue-form';
import { CatalogueDeleteDialog, catalogueActionsColumn, CatalogueTable, type CatalogueItem, type useCatalogueTab } from './catalogue-tab';
import type { Column } from './data-table';
import './catalogue.css';

/** A catalogue tab's words: its item ('Cottage'), its heading, its table's texts and its delete question. */
export type CatalogueTexts = {
  /** Capitalised, as in 'Add New Cottage'; lower case in 'Delete cottage'. */
  noun: string;
  title: string;
  caption: string;
  loading: string;
  empty: string;
  deleteQuestion: string;
};

/**
 * A catalogue tab laid out: the heading and its add button (in the kind's own toolbar, if it has
 * one), what the kind sums up (stat cards), the inline add / edit form, the table with its edit
 * and delete actions, and the delete confirmation.
 */
export function CataloguePage<Item extends CatalogueItem, Body, K extends string>({
  tab,
  texts,
  form,
  columns,
  rows = tab.list.data ?? [],
  addValues = form.empty,
  toolbar = (addButton) => addButton,
  summary = null,
  canDelete = true,
}: {
  tab: ReturnType<typeof useCatalogueTab<Item, Body>>;
  texts: CatalogueTexts;
  form: CatalogueFormConfig<Item, Body, K>;
  /** The kind's columns; the actions column is added last. */
  columns: Array<Column<Item>>;
  /** The rows shown (a filter's), every item by default. */
  rows?: Item[];
  /** A new item's values, the form's empty ones by default. */
  addValues?: Record<K, string>;
  /** The toolbar beside the heading, around the add button. */
  toolbar?: (addButton: ReactNode) => ReactNode;
  summary?: ReactNode;
  /** False for a kind that is retired, not deleted (villa types): no delete action. */
  canDelete?: boolean;
}) {
  const addButton = (
    <button type="button" className="button button--primary" onClick={() => tab.openForm({ mode: 'add' })}>
      {`Add New ${texts.noun}`}
    </button>
  );
  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">{texts.title}</h2>
        {toolbar(addButton)}
      </div>
      {summary}

      {tab.form.mode !== 'closed' && (
        <CatalogueForm
          key={tab.formKey}
          config={form}
          noun={texts.noun}
          editing={tab.editing}
          initial={tab.editing ? form.of(tab.editing) : addValues}
          busy={tab.save.isPending}
          serverErrors={tab.failure?.details}
          banner={tab.failure?.banner}
          onSubmit={(body) => tab.save.mutate(body)}
          onCancel={tab.closeForm}
        />
      )}

      <CatalogueTable
        list={tab.list}
        caption={texts.caption}
        columns={[...columns, catalogueActionsColumn(tab, canDelete)]}
        rows={rows}
        loading={texts.loading}
        empty={texts.empty}
      />

      {canDelete ? <CatalogueDeleteDialog tab={tab} noun={texts.noun.toLowerCase()} message={texts.deleteQuestion} /> : null}
    </section>
  );
}
