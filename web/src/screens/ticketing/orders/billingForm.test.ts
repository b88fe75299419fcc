import { describe, expect, it } from "vitest";
import { billingProblems, confirmBody, orderBillingValues, updateBody } from "./billingForm.ts";

const VALID_SIRET = "73282932000074";
const noBilling = {
  name: null,
  address: null,
  zip: null,
  city: null,
  isCompany: null,
  siret: null,
  email: null,
  phone: null,
};

describe("an order's billing address in a form", () => {
  it("starts from the order's address, empty fields where it has none", () => {
    expect(orderBillingValues(noBilling)).toEqual({
      name: "",
      address: "",
      zip: "",
      city: "",
      isCompany: false,
      siret: "",
      email: "",
      phone: "",
    });
    expect(orderBillingValues({ ...noBilling, isCompany: true, siret: VALID_SIRET }).siret).toBe(VALID_SIRET);
  });

  it("needs a valid SIRET for a company, none for an individual", () => {
    const individual = { ...orderBillingValues(noBilling), siret: "123" };
    expect(billingProblems(individual, { withContact: false })).toEqual({});
    expect(billingProblems({ ...individual, isCompany: true }, { withContact: false })).toEqual({
      siret: "validation:siret_invalid",
    });
    expect(
      billingProblems({ ...individual, isCompany: true, siret: "732 829 320 00074" }, { withContact: false }),
    ).toEqual({});
  });

  it("checks the contact's email only where the form has it", () => {
    const values = { ...orderBillingValues(noBilling), email: "not an email" };
    expect(billingProblems(values, { withContact: true })).toEqual({ email: "validation:email_format" });
    expect(billingProblems(values, { withContact: false })).toEqual({});
  });

  it("confirms with the fields typed, the SIRET compact and only for a company", () => {
    const values = {
      ...orderBillingValues(noBilling),
      name: " Acme ",
      zip: "75011",
      isCompany: true,
      siret: "732 829 320 00074",
    };
    expect(confirmBody(values)).toEqual({ name: "Acme", zip: "75011", isCompany: true, siret: VALID_SIRET });
    expect(confirmBody({ ...values, isCompany: false })).toEqual({
      name: "Acme",
      zip: "75011",
      isCompany: false,
      siret: null,
    });
  });

  it("saves the whole address and contact, a field emptied emptied", () => {
    const values = { ...orderBillingValues({ ...noBilling, name: "Inès", phone: "0102" }), name: "", phone: " " };
    expect(updateBody(values)).toEqual({
      address: "",
      zip: "",
      city: "",
      isCompany: false,
      siret: null,
      email: null,
      phone: null,
    });
  });
});
