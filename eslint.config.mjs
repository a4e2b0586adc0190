import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '!shared-ui/src/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad takes its inputs like useEffect: the same check keeps them complete.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '(useLoad)' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Every call goes through its definition in contracts (callEndpoint), so no screen spells a path.
    files: [
      'shared-ui/src/**/*.{ts,tsx}',
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'webpack/**/*.{ts,tsx}',
    ],
    ignores: ['**/__tests__/**', '**/test-support/**', 'shared-ui/src/http-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='httpClient']",
          message: 'Call the endpoint definition from contracts with callEndpoint(endpoint, input).',
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call the endpoint definition from contracts with callEndpoint(endpoint, input).',
        },
      ],
    },
  },
  {
    // The gateway compiles to CommonJS, where a module's own exported names are read as `exports.NAME`: a local
    // `exports` (a parameter or a variable) silently takes their place (issue 28: the bank file's columns were
    // the export runner's, undefined, and the download failed with a 500 only in the built gateway).
    files: ['api-gateway/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'VariableDeclarator > Identifier.id[name=/^(exports|module|require)$/], :function > Identifier.params[name=/^(exports|module|require)$/]',
          message:
            'Name it otherwise (exportRunner ...): the compiled CommonJS module reads its own exports as `exports`.',
        },
      ],
    },
  },
  {
    // Remotes talk to each other only through shared-ui and contracts.
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['mfe-*', '../../mfe-*', 'shell', '../../shell/*', 'shell/*'] },
      ],
    },
  },
);
