import { data, Link } from 'react-router';
import { lookup, type Messages } from '../../shared/i18n/translator.ts';
import { isLegalPage, type LegalBlock, toBlocks } from '../features/legal/legal-text.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/legal-page';

type Section = { id: string; heading: string; blocks: LegalBlock[] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params.page;
  if (!isLegalPage(page)) throw data('Not found', { status: 404 });
  const { company, settings } = context;
  const { t, messages } = context.legal;
  // Company info and settings fill the texts, so each domain's legal pages name its own operator.
  const vars = {
    site_name: settings.name,
    domain: settings.domain,
    support_email: settings.support_email,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: company.country,
    kvk: company.kvk,
    vat_numbers: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', '),
    support_phone: company.support_phone,
    refund_days: settings.refund_days,
    fictional_plural: settings.fictional_plural,
    fictional_singular: settings.fictional_singular,
    min_age: settings.min_age,
    delete_discount: company.delete_discount,
  };
  const ids = Object.keys((lookup(messages, `${page}.sections`) as Messages | undefined) ?? {});
  const sections: Section[] = ids.map((id) => ({
    id,
    heading: t(`${page}.sections.${id}.heading`, vars),
    blocks: toBlocks(t(`${page}.sections.${id}.body`, vars)),
  }));
  return {
    page,
    title: t(`${page}.title`, vars),
    intro: t(`${page}.intro`, vars),
    sections,
    company: { ...company },
    supportEmail: settings.support_email,
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, loaderData?.intro);
}

function Blocks({ blocks }: { blocks: LegalBlock[] }) {
  return blocks.map((block, i) =>
    block.type === 'ul' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      <ul key={i}>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      <p key={i}>{block.text}</p>
    ),
  );
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, title, intro, sections, company, supportEmail } = loaderData;
  const isFaq = page === 'faq';
  return (
    <main id="main" className="container legal-page">
      <div className="legal-layout">
        <article className="legal-article">
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
          {isFaq ? (
            <div className="faq-list">
              {sections.map((s) => (
                <details key={s.id} className="faq-item" id={s.id}>
                  <summary>{s.heading}</summary>
                  <Blocks blocks={s.blocks} />
                </details>
              ))}
            </div>
          ) : (
            sections.map((s) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
                <h2 id={`${s.id}-h`} className="h5">
                  {s.heading}
                </h2>
                <Blocks blocks={s.blocks} />
              </section>
            ))
          )}
        </article>
        <aside className="legal-aside" aria-label={t('legal.company_details')}>
          <h2 className="h6">{t('legal.company_details')}</h2>
          <address>
            <strong>{company.name}</strong>
            <br />
            {company.address}
            <br />
            {company.city}
            <br />
            {company.country}
          </address>
          <dl>
            <dt>{t('legal.kvk')}</dt>
            <dd>{company.kvk}</dd>
            <dt>{t('legal.vat')}</dt>
            <dd>{company.vat_numbers.join(', ')}</dd>
            <dt>{t('legal.tradenames')}</dt>
            <dd>{company.tradenames.join(', ')}</dd>
            <dt>{t('legal.phone')}</dt>
            <dd>
              <a href={`tel:${company.support_phone_number}`}>{company.support_phone}</a>
            </dd>
            <dt>{t('legal.email')}</dt>
            <dd>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </dd>
          </dl>
          <Link to="/complaints" className="btn btn-outline-primary btn-sm">
            {t('footer.complaints')}
          </Link>
        </aside>
      </div>
    </main>
  );
}
