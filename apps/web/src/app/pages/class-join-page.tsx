import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { JoinClassSection } from './join-class-section';

/** /classes/join?code=...: where a class's join link and QR code lead, the code filled in. */
export default function ClassJoinPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  useDocumentTitle(t('classes.join.title'));
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('classes.join.title')}</h1>
      <JoinClassSection code={code} titled={false} />
      <p>
        <Link to={paths.classes}>{t('classes.backToList')}</Link>
      </p>
    </div>
  );
}
