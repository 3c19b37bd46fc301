import { stylesheetLinks } from '../../lib/stylesheets.ts';
import landerStyles from '../../styles/landers.scss?url';

/** For the `links` of the lander and entry routes: their own stylesheet, before the scripts. */
export const landerLinks = stylesheetLinks(landerStyles);
