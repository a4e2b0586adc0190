import type { Right } from '../rights';
import {
  ActivateAdminUserResponse,
  AdminUser,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserPage,
  DeleteAdminUserResponse,
  SaveAdminUserRequest,
  SaveAdminUserResponse,
} from '../api/admin-users';
import { ErrorResponse } from '../api/common';
import { SecondFactorResetResponse } from '../api/second-factor';
import { defineEndpoint } from '../endpoint';

/** The Manage Users group and its two children (spec §2 sidebar); admins hold all three (DESIGN §4). */
export const USER_ADMIN_RIGHTS: readonly Right[] = ['manage_users', 'allusers', 'createusers'];

const TAG = 'Users (admin)';
const notFound = { description: 'No such user', schema: ErrorResponse };

export const AdminUserEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/admin/user',
    tag: TAG,
    summary:
      'Back-office and admin users. Without parameters: all of them, newest first (an array). With any of page, pageSize (default 10), search (name, email, mobile, role, country), status (all, active, inactive): one page { results, totalCount, pageNo, pageSize }.',
    auth: { anyRight: USER_ADMIN_RIGHTS },
    query: AdminUserListQuery,
    answer: {
      description: 'An array without parameters, a page with them',
      schema: AdminUserPage.or(AdminUserListResponse),
    },
  }),
  details: defineEndpoint({
    method: 'get',
    path: '/admin/user/:id',
    tag: TAG,
    summary: 'One user by userID (back office, admin, or an affiliate for its edit form).',
    auth: { anyRight: USER_ADMIN_RIGHTS },
    answer: { description: 'The user', schema: AdminUser },
    otherAnswers: { 404: notFound },
  }),
  save: defineEndpoint({
    method: 'post',
    path: '/admin/user',
    tag: TAG,
    summary:
      "Create a back-office or admin user { fullName, email, phoneCode, mobileNumber, roleID, countryID } (countryID kept only when the role shows country); it gets a temporary password by email and must change it at first sign-in. With userID: update that back-office/admin user; with userId: update that affiliate's { fullName, email, phoneCode, mobileNumber }. Rules in the spec's order: 'Please provide full name.', 'Please provide email.', 'Please select country code.', 'Please provide mobile.', 'Please select role.' ('Please provide role.' on update), 'Please select country.'.",
    auth: { anyRight: USER_ADMIN_RIGHTS },
    body: SaveAdminUserRequest,
    answer: { status: 200, description: 'Created or updated', schema: SaveAdminUserResponse },
    otherAnswers: {
      404: notFound,
      409: { description: 'The email belongs to another user (affiliates included)', schema: ErrorResponse },
    },
  }),
  makeInactive: defineEndpoint({
    method: 'post',
    path: '/admin/user/delete/:id',
    tag: TAG,
    summary:
      "The list's Delete: makes a back-office or admin user inactive and ends its sessions at once. 'Deleted successfully.' An admin cannot make itself inactive, nor the last active admin (409).",
    auth: { anyRight: USER_ADMIN_RIGHTS },
    answer: { description: "'Deleted successfully.'", schema: DeleteAdminUserResponse },
    otherAnswers: {
      404: notFound,
      409: {
        description: 'Already inactive, the caller itself, the last active admin, or an affiliate',
        schema: ErrorResponse,
      },
    },
  }),
  activate: defineEndpoint({
    method: 'post',
    path: '/admin/user/activate/:id',
    tag: TAG,
    summary:
      "Beyond the spec: makes an inactive back-office or admin user active again (it signs in with its password as before). 'User activated successfully.'",
    auth: { anyRight: USER_ADMIN_RIGHTS },
    answer: { description: "'User activated successfully.'", schema: ActivateAdminUserResponse },
    otherAnswers: {
      404: notFound,
      409: { description: 'Already active, or an affiliate', schema: ErrorResponse },
    },
  }),
  resetSecondFactor: defineEndpoint({
    method: 'post',
    path: '/admin/user/second-factor/reset/:id',
    tag: TAG,
    summary:
      "Issue 29: removes another staff user's two-step sign-in (audited) and ends its sessions; it sets it up again " +
      'at its next sign-in. Nobody resets their own here (they use a recovery code on Profile).',
    auth: { anyRight: USER_ADMIN_RIGHTS },
    answer: { description: 'Reset.', schema: SecondFactorResetResponse },
    otherAnswers: {
      404: notFound,
      409: { description: 'The caller itself, an affiliate, or no second factor', schema: ErrorResponse },
    },
  }),
};
