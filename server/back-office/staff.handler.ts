import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createStaffRequestSchema,
  createStaffResponseSchema,
  setStaffAccessEndRequestSchema,
  setStaffDisabledRequestSchema,
  setStaffRolesRequestSchema,
  staffIdParamsSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
} from '../../contracts/back-office/staff';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import { createStaff, listStaff, resetStaffTwoFactor, setStaffAccessEnd, setStaffDisabled, setStaffRoles } from './staff.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];
const member = (staffId: string) => ({ type: 'staff', id: staffId });

/** Staff accounts under /bo/staff; every route needs staff.manage (operators). */
export const staffRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/staff',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Staff members: roles, two-factor enrolled, last sign-in, disabled, access end',
          response: { 200: staffListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'staff.manage', null);
        reply.header('cache-control', 'no-store');
        return { staff: await listStaff(db) };
      },
    );

    app.post(
      '/staff',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Creates a staff member, who enrols an authenticator at the first sign-in; a generated password is answered once',
          body: createStaffRequestSchema,
          response: { 200: createStaffResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'staff.manage', null);
        reply.header('cache-control', 'no-store');
        return createStaff(db, actor, request.body);
      },
    );

    app.post(
      '/staff/:staffId/roles',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: "Sets a staff member's roles (never removes one's own staff management)",
          params: staffIdParamsSchema,
          body: setStaffRolesRequestSchema,
          response: { 200: staffMemberResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'staff.manage', member(request.params.staffId));
        return { member: await setStaffRoles(db, actor, request.params.staffId, request.body.roles) };
      },
    );

    app.post(
      '/staff/:staffId/disabled',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Disables (their sessions end at once) or enables a staff member; never oneself',
          params: staffIdParamsSchema,
          body: setStaffDisabledRequestSchema,
          response: { 200: staffMemberResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'staff.manage', member(request.params.staffId));
        return { member: await setStaffDisabled(db, actor, request.params.staffId, request.body.disabled) };
      },
    );

    app.post(
      '/staff/:staffId/twoFactor/reset',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: "Forgets a staff member's authenticator: their sessions end and the next sign-in enrols a new one",
          params: staffIdParamsSchema,
          response: { 200: staffMemberResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'staff.manage', member(request.params.staffId));
        return { member: await resetStaffTwoFactor(db, actor, request.params.staffId) };
      },
    );

    app.post(
      '/staff/:staffId/accessEnd',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: "Sets (a future instant) or clears (null) the end of a staff member's access",
          params: staffIdParamsSchema,
          body: setStaffAccessEndRequestSchema,
          response: { 200: staffMemberResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'staff.manage', member(request.params.staffId));
        return { member: await setStaffAccessEnd(db, actor, request.params.staffId, request.body.accessExpiresAt) };
      },
    );
  };
