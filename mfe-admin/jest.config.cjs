module.exports = require('../jest.web.cjs');
