// The setup docs/board.md gives a Vite user of `hoyito/board`, with Vue's plugin told which tags are custom elements.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: tag => tag.startsWith('hoyito-') } } })],
  optimizeDeps: { exclude: ['hoyito'] },
});
