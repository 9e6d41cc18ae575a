import { useTranslation } from 'react-i18next';
import { NeedsConnection } from '@/components/needs-connection';
import { AnkiImport } from '@/features/imports/components/anki-import';
import { CsvImport } from '@/features/imports/components/csv-import';
import { usePlans } from '@/features/plans/api/get-plans';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /study-plan/import: cards brought in from elsewhere, an Anki package or a spreadsheet
 * (docs/product.md, Card imports).
 */
export default function CardImportPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  useDocumentTitle(t('imports.pageTitle'));
  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('imports.pageTitle')}</h1>
      </div>
      <NeedsConnection>
        <AnkiImport plans={plans.data ?? []} />
        <CsvImport plans={plans.data ?? []} />
      </NeedsConnection>
    </div>
  );
}
