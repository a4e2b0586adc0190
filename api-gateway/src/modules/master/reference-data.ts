import type { RegisterOptionsResponse, Role } from '@portal/contracts';
import type { Sql } from '../../db/database';

export async function listRegisterOptions(sql: Sql): Promise<RegisterOptionsResponse> {
  const [countries, banks] = await Promise.all([
    sql.query<RegisterOptionsResponse['countries'][number]>(
      `SELECT country_id AS "countryID", country_name AS "countryName", country_code AS "countryCode",
              phone_code AS "phoneCode", phone_number_length AS "phoneNumberLength"
         FROM countries ORDER BY sort_order, country_name`,
    ),
    sql.query<RegisterOptionsResponse['banks'][number]>(
      'SELECT bank_id AS "bankID", bank_name AS "bankName" FROM banks ORDER BY bank_name',
    ),
  ]);
  return { countries: countries.rows, banks: banks.rows };
}

export async function listRoles(sql: Sql): Promise<Role[]> {
  const { rows } = await sql.query<Role>(
    'SELECT role_id AS "roleID", role_name AS "roleName", show_country AS "showCountry" FROM roles ORDER BY role_id',
  );
  return rows;
}
