"""All cases, in the order they are written."""
from spec_cases_status import CASES as STATUS
from spec_cases_refund import CASES as REFUND
from spec_cases_howto import CASES as HOWTO
from spec_cases_other import LEGAL, NO_TOOL, INJECTION, FOLLOWUP

CASES = STATUS + REFUND + HOWTO + LEGAL + NO_TOOL + INJECTION + FOLLOWUP
