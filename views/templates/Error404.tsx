import { useT } from '../page-context';

export default function Error404() {
  const t = useT();
  return (
    <div className="template-error404">
      <h1>{t('The page you are looking for does not exist, sorry.')}</h1>
      <a className="button button--primary" href="/">
        {t('Return to Homepage')}
      </a>
    </div>
  );
}
