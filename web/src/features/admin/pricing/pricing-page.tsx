import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { finalPrice, type CreatePricingRule } from '@shared/admin-pricing';
import { formatInr } from '@shared/money';
import type { PricingRule } from '@shared/pricing-rule-schema';
import { ApiError } from '@/lib/api-client';
import { addNotification } from '@/lib/notification-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { createPricingRule, deletePricingRule, listPricingRules, pricingKeys, updatePricingRule } from './pricing-api';
import { emptyPricingForm, formOfRule, PricingForm } from './pricing-form';
import './pricing.css';

/** A price in the rule's own currency (INR the Indian way, without decimals). */
export function formatPrice(amount: number, currency: string): string {
  if (currency === 'INR') return formatInr(amount);
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

const titleCase = (text: string) => text.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The Final Price cell: base minus the discount, with a '-N%' badge when discounted (docs/product.md#pricing-tab). */
export function FinalPrice({ rule }: { rule: PricingRule }) {
  const price = finalPrice(rule);
  if (price === undefined) return <span className="muted">{rule.discount_percentage > 0 ? `${rule.discount_percentage}% off` : 'Catalogue price'}</span>;
  return (
    <span className="final-price">
      {formatPrice(price, rule.currency)}
      {rule.discount_percentage > 0 ? (
        <span className="badge badge--success" aria-label={`${rule.discount_percentage}% discount`}>
          -{rule.discount_percentage}%
        </span>
      ) : null}
    </span>
  );
}

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; rule: PricingRule };

/** The Pricing Management tab: rules that quotes apply (season, discount, validity, stay), with add, edit and delete. */
export default function PricingPage() {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: pricingKeys.all, queryFn: listPricingRules });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<{ message: string; details?: Record<string, string[]> | undefined }>();
  const [deleting, setDeleting] = useState<PricingRule>();

  const closeForm = () => {
    setForm({ mode: 'closed' });
    setServerError(undefined);
  };
  const openForm = (next: FormState) => {
    setForm(next);
    setServerError(undefined);
    setFormKey((key) => key + 1);
  };

  const save = useMutation({
    mutationFn: (body: CreatePricingRule) => (form.mode === 'edit' ? updatePricingRule(form.rule.id, body) : createPricingRule(body)),
    onSuccess: (rule) => {
      addNotification({
        type: 'success',
        title: form.mode === 'edit' ? 'Pricing updated' : 'Pricing created',
        message: `${rule.service_name}: guests' quotes use it now.`,
      });
      closeForm();
      void client.invalidateQueries({ queryKey: pricingKeys.all });
    },
    onError: (error) =>
      setServerError({
        message: error.message || 'The pricing could not be saved. Please try again.',
        details: error instanceof ApiError ? error.details : undefined,
      }),
  });

  // Deleting is optimistic: the row goes at once and comes back, with the server's message, if the server refuses.
  const remove = useMutation({
    mutationFn: (rule: PricingRule) => deletePricingRule(rule.id),
    onMutate: async (rule) => {
      setDeleting(undefined);
      await client.cancelQueries({ queryKey: pricingKeys.all });
      const before = client.getQueryData<PricingRule[]>(pricingKeys.all);
      client.setQueryData<PricingRule[]>(pricingKeys.all, (current) => current?.filter((item) => item.id !== rule.id));
      return { before };
    },
    onError: (error, rule, context) => {
      client.setQueryData(pricingKeys.all, context?.before);
      addNotification({ type: 'error', title: 'Pricing not deleted', message: `${rule.service_name}: ${error.message}` });
    },
    onSuccess: (_answer, rule) => addNotification({ type: 'success', title: 'Pricing deleted', message: `${rule.service_name} no longer applies to quotes.` }),
    onSettled: () => client.invalidateQueries({ queryKey: pricingKeys.all }),
  });

  const columns: Array<Column<PricingRule>> = [
    {
      id: 'service',
      header: 'Service',
      sortValue: (rule) => rule.service_name,
      cell: (rule) => (
        <div className="pricing__service">
          <strong>{rule.service_name}</strong>
          <span className="muted">{rule.description}</span>
          {rule.applies_to ? <span className="muted">Applies to {rule.applies_to}</span> : null}
        </div>
      ),
    },
    { id: 'type', header: 'Type', sortValue: (rule) => rule.service_type, cell: (rule) => titleCase(rule.service_type) },
    {
      id: 'base',
      header: 'Base Price',
      numeric: true,
      sortValue: (rule) => rule.base_price ?? -1,
      cell: (rule) => (rule.base_price === undefined ? <span className="muted">Catalogue price</span> : formatPrice(rule.base_price, rule.currency)),
    },
    { id: 'final', header: 'Final Price', numeric: true, sortValue: (rule) => finalPrice(rule) ?? -1, cell: (rule) => <FinalPrice rule={rule} /> },
    { id: 'season', header: 'Season', sortValue: (rule) => rule.season, cell: (rule) => titleCase(rule.season) },
    {
      id: 'validity',
      header: 'Validity',
      sortValue: (rule) => rule.valid_from,
      cell: (rule) => (
        <span className="pricing__dates">
          <span>{rule.valid_from}</span> to <span>{rule.valid_until}</span>
        </span>
      ),
    },
    { id: 'stay', header: 'Stay', cell: (rule) => `${rule.min_stay}-${rule.max_stay} days` },
    { id: 'status', header: 'Status', sortValue: (rule) => rule.status, cell: (rule) => <StatusBadge status={rule.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (rule) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => openForm({ mode: 'edit', rule })} aria-label={`Edit ${rule.service_name}`}>
            Edit
          </button>
          <button type="button" className="button button--danger" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.service_name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab pricing">
      <div className="admin-toolbar">
        <h2 id="tab-title">Pricing Management</h2>
        <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'add' })}>
          Add New Pricing
        </button>
      </div>
      <p className="muted">
        A rule takes its discount off the matching villa, package or safari price in every guest quote from the moment it is saved. Rules never stack: the
        largest discount that applies wins.
      </p>
      {form.mode !== 'closed' ? (
        <PricingForm
          key={formKey}
          editing={form.mode === 'edit'}
          initial={form.mode === 'edit' ? formOfRule(form.rule) : emptyPricingForm}
          busy={save.isPending}
          serverErrors={serverError?.details}
          banner={serverError?.message}
          onSubmit={(body) => save.mutate(body)}
          onCancel={closeForm}
        />
      ) : null}
      {rules.isError ? (
        <p role="alert" className="form-banner">
          The pricing rules could not be loaded: {rules.error.message}{' '}
          <button type="button" className="button button--secondary" onClick={() => void rules.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      <div className="admin-panel">
        <DataTable
          caption="Pricing rules"
          columns={columns}
          rows={rules.data ?? []}
          rowKey={(rule) => rule.id}
          empty={rules.isPending ? 'Loading pricing rules...' : 'No pricing rules yet. Add one to offer a seasonal or long-stay discount.'}
        />
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete pricing"
        message={
          <>
            Are you sure you want to delete this pricing?
            {deleting ? ` ${deleting.service_name} will no longer apply to guests' quotes.` : ''}
          </>
        }
        confirmLabel="Delete pricing"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </section>
  );
}
