import type { ComponentProps, ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormField, FormSelect } from '../../components/ui/form-field.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * A back-office list's filters: a plain GET form, so the filters are the page's address (a list
 * can be linked to, and filtered without JavaScript). `invalid`: the address held filters the
 * loader refused. The fields stand in the `.admin-filters` grid, the search button last.
 */
export function AdminFilterForm({
  label,
  submitLabel,
  invalid = false,
  children,
}: {
  label: string;
  submitLabel: string;
  invalid?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Form method="get" className="admin-panel" aria-label={label}>
      {invalid && (
        <div className="alert alert-danger" role="alert">
          {errorText(t, 'validation_failed')}
        </div>
      )}
      <div className="admin-filters">
        {children}
        <div>
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
            {submitLabel}
          </button>
        </div>
      </div>
    </Form>
  );
}

/** The address of a filtered list's page: the filters that are set, and the page. */
export function filterPageLink(filters: Record<string, string>, page: number): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  params.set('page', String(page));
  return `?${params}`;
}

// In the filters' grid its gap spaces the fields, not a field's own margin.
export const FilterField = (props: Omit<ComponentProps<typeof FormField>, 'className'>) => (
  <FormField {...props} className="mb-0" />
);
export const FilterSelect = (props: Omit<ComponentProps<typeof FormSelect>, 'className'>) => (
  <FormSelect {...props} className="mb-0" />
);
