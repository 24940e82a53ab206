// The site's theme: VitePress's default, plus the version menu in the top bar, the "Try it"
// panel (its code loads only on pages that show one), and a sidebar that scrolls to the
// page being read.
import DefaultTheme from 'vitepress/theme';
import { useRoute, type Theme } from 'vitepress';
import { defineAsyncComponent, h, nextTick, onMounted, watch } from 'vue';
import VersionSwitcher from './VersionSwitcher.vue';
import './custom.css';

function scrollSidebarToActive() {
  const active = document.querySelector('.VPSidebar .VPSidebarItem.is-active');
  active?.scrollIntoView({ block: 'center' });
}

const theme: Theme = {
  extends: DefaultTheme,
  Layout() {
    return h(DefaultTheme.Layout, null, { 'nav-bar-content-after': () => h(VersionSwitcher) });
  },
  enhanceApp({ app }) {
    app.component('TryIt', defineAsyncComponent(() => import('./TryIt.vue')));
  },
  setup() {
    const route = useRoute();
    onMounted(() => void nextTick(scrollSidebarToActive));
    watch(() => route.path, () => void nextTick(scrollSidebarToActive));
  },
};

export default theme;
