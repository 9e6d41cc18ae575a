import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraProps } from 'react-markdown';
import { linkTarget } from '@/lib/link-target';
import './model-link.css';

export type ModelLinkProps = ComponentPropsWithoutRef<'a'> &
  ExtraProps & {
    /** Whether a link to our own pages opens in a new tab too (e.g. from a chat panel). */
    openInternalInNewTab?: boolean;
  };

/**
 * A link in text the AI wrote, for react-markdown's `a`. The text is the model's and may lie
 * ("Session expired, log in here"), so a link to another site carries its real host in a
 * badge we render ourselves; the host is inside the link so screen readers announce it as
 * part of the name. Schemes other than http, https and mailto are no link at all.
 */
export function ModelLink({
  node: _node,
  href,
  title,
  target: _target,
  rel: _rel,
  children,
  openInternalInNewTab = false,
  ...rest
}: ModelLinkProps) {
  const { t } = useTranslation();
  const destination = linkTarget(href);
  switch (destination.kind) {
    case 'none':
      return <>{children}</>;
    case 'internal':
      return (
        <a
          {...rest}
          href={destination.href}
          title={title}
          target={openInternalInNewTab ? '_blank' : undefined}
          rel="noopener noreferrer"
        >
          {children}
        </a>
      );
    // The model's title is dropped on other sites' links: a tooltip is one more place to lie.
    case 'email':
      return (
        <a {...rest} href={destination.href} rel="noopener noreferrer nofollow">
          {children}{' '}
          <span className="model-link__host" dir="ltr">
            ({destination.address})
          </span>
        </a>
      );
    case 'external':
      return (
        <a {...rest} href={destination.href} target="_blank" rel="noopener noreferrer nofollow">
          {children}{' '}
          <span className="model-link__host" dir="ltr">
            ({destination.host}
            <span aria-hidden="true"> ↗</span>
            <span className="visually-hidden">, {t('common.opensInNewTab')}</span>)
          </span>
        </a>
      );
  }
}
